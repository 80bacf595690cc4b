pub mod models;

use models::{dial, open_repo};

pub fn shutdown() -> bool {
    open_repo().close_all()
}

pub fn hangup() -> bool {
    let c = dial();
    c.close_all()
}
