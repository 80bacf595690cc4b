pub mod traits;
pub mod disk;

use traits::{Loader, Saver};

pub fn flush(s: &dyn Saver) -> bool {
    s.persist("k")
}

pub fn flush_all<T: Loader>(l: &T) -> bool {
    l.persist("k")
}
