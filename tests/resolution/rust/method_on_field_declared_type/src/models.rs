pub struct Repo;

impl Repo {
    pub fn insert(&mut self, v: u32) -> u32 { v }
}

pub struct Journal;

impl Journal {
    pub fn insert(&mut self, v: u32) -> u32 { v + 1 }
}
