pub mod service;
pub mod worker;
