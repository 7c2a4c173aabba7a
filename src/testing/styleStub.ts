// CSS imports resolve to nothing in Jest; styles are checked in the browser tests.
export default {};
