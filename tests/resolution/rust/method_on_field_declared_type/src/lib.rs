pub mod models;

use models::{Journal, Repo};

pub struct Service {
    repo: Repo,
    journal: Box<Journal>,
}

impl Service {
    pub fn add(&mut self, v: u32) -> u32 {
        self.repo.insert(v)
    }

    pub fn note(&mut self, v: u32) -> u32 {
        self.journal.insert(v)
    }
}
