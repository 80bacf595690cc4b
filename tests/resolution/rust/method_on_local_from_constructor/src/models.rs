pub struct Repo {
    count: u32,
}

impl Repo {
    pub fn new() -> Self { Repo { count: 0 } }
    pub fn sync(&self) -> u32 { self.count }
}

pub struct Mirror {
    pub depth: u32,
}

impl Mirror {
    pub fn new() -> Self { Mirror { depth: 0 } }
    pub fn sync(&self) -> u32 { self.depth }
}
