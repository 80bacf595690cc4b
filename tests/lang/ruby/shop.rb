require 'json'
require_relative 'lib/util'

# The shop namespace.
module Shop
  VERSION = "1.0"
  Point = Struct.new(:x, :y)

  # A cart of items.
  class Cart < Base
    include Comparable
    extend Forwardable
    attr_accessor :items, :owner
    attr_reader :total
    DEFAULT = 3

    def initialize(owner)
      @owner = owner
      @@count = 0
    end

    def self.build(x) = new(x)

    def add(item, qty: 1)
      items << item
      helper(item)
      Util.format(item)
      self.recalc
      Shop::Pricing.price(item) if item && qty > 0
    end
    alias_method :push, :add
    alias size count

    def empty?
      items.empty?
    end

    private

    def recalc
      validate
      @total = items.size
    end

    protected def guard; end
    private :add

    class << self
      def create
        Cart.new(nil)
      end
    end
  end
end

class Shop::Order < Struct.new(:id)
  LIMIT ||= 10
  private_constant :LIMIT

  def self.load(id)
    raise ArgumentError unless id
    new(id)
  rescue KeyError, Shop::Missing
    nil
  end
end

def top_level
  puts VERSION_NAME
end

top_level
