pub struct Repo;

impl Repo {
    pub fn save(&self, item: u32) -> u32 { item }
}

pub struct Cache;

impl Cache {
    pub fn save(&self, item: u32) -> u32 { item + 1 }
}
