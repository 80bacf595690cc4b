class Loader
  def fetch_data(key)
    key
  end
end

class Reader
  def fetch_data(key)
    nil
  end
end
