import { configure } from "@testing-library/react";

// findBy* and waitFor give up after 1 s by default. CI runs these tests on two cores beside other
// test workers, where a render that takes 50 ms alone can take over a second: wait up to 10 s.
// A test whose expectation never comes true still fails, only later.
configure({ asyncUtilTimeout: 10_000 });
