class Stack
  def push(item)
    item
  end
end
