require_relative "base"

class Job < Loader
  def run
    fetch_data("k")
  end
end
