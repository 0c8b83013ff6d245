// The window's tests wait for what they wait for, however long a busy machine takes to get there:
// testing-library's findBy... and waitFor give up after 1 s unless told otherwise, which a first
// lazy import (the Markdown view), compiled while other test runs hold both cores, can take. The
// bound is the test's own timeout (30 s, vitest.config.ts); a wait ends as soon as what it waits
// for is there, so a passing test takes no longer.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 25_000 });
