module Billing
  class Invoice
    def self.build
      new
    end
  end
end
