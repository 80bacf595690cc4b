pub struct Service;

impl Service {
    fn validate(&self, x: i32) -> bool { x > 0 }

    pub fn run(&self, x: i32) -> bool {
        self.validate(x)
    }

    pub fn check(x: i32) -> bool {
        Self::validate(&Service, x)
    }
}
