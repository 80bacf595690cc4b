class Order
  def total
    subtotal(0) + self.tax
  end

  def subtotal(discount)
    10 - discount
  end

  def tax
    1
  end
end
