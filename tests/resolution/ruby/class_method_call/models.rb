class User
  def self.create(name)
    new
  end
end

class Group
  def self.create(name)
    new
  end
end
