require_relative "models"

def register(name)
  User.create(name)
end
