require_relative "models"

def store(item)
  repo = Repo.new
  repo.save(item)
end
