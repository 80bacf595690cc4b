from typing import Dict, List, Optional, Type


class Documenter:
    def generate(self):
        return 1


class Index:
    def generate(self):
        return 2


class Registry:
    def __init__(self):
        self.documenters: Dict[str, Type[Documenter]] = {}
        self.indices: List[Index] = []
        self.by_name: Optional[Dict[str, Index]] = None
