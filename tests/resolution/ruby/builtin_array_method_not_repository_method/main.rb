def collect(rows)
  items = []
  rows.each { |r| items.push(r) }
  items
end
