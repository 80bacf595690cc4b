require_relative "greeting"

class Person
  include Greeting

  def introduce
    greet("Ann")
  end
end
