module HtmlUtil
  def self.clean(s)
    s.delete("<")
  end
end
