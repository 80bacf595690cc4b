require_relative "billing"

def checkout
  Billing::Invoice.build
end
