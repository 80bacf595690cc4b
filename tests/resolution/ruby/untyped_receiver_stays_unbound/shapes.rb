class Circle
  def area
    3
  end
end

class Square
  def area
    4
  end
end
