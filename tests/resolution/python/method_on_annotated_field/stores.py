class Database:
    def save(self, row):
        return row


class Memory:
    def save(self, row):
        return None
