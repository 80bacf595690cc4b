class Invoice
  def subtotal(discount)
    20
  end

  def tax
    2
  end
end
