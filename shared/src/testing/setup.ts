/**
 * Unit-test setup for every browser package, applied by importing the shared
 * test helpers. CI runs all packages' suites in parallel on two cores, so
 * Testing Library's async queries get more time than their 1 s default.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
