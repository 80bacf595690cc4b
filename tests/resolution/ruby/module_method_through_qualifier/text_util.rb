module TextUtil
  def self.clean(s)
    s.strip
  end
end
