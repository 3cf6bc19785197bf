// Tests import TendTestSupport alone and get the fixtures too; the benchmarks import only
// TendFixtures, so they do not link the test framework.
@_exported import TendFixtures
