module Shipping
  class Invoice
    def self.build
      new
    end
  end
end
