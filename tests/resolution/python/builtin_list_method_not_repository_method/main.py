def collect(rows):
    items = []
    for r in rows:
        items.append(r)
    return items
