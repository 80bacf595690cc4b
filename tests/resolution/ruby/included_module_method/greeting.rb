module Greeting
  def greet(name)
    "hello #{name}"
  end
end

module Farewell
  def greet(name)
    "bye #{name}"
  end
end
