class Session:
    def close(self):
        return True


class Socket:
    def close(self):
        return False
