class Stack:
    def append(self, item):
        return item

    def push_all(self, items):
        return items
