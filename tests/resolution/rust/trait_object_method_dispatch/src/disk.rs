use crate::traits::Saver;

pub struct Disk;

impl Saver for Disk {
    fn persist(&self, key: &str) -> bool { !key.is_empty() }
}
