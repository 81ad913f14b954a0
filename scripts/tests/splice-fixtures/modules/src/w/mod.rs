pub fn w() {}
mod x {
    fn inner() {}
}
