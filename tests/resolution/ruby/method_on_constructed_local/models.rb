class Repo
  def save(item)
    item
  end
end

class Cache
  def save(item)
    nil
  end
end
