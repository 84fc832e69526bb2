//go:build race

package profiles_test

// raceDetector: the test binary runs under the race detector, whose
// instrumentation makes decoding many times slower.
const raceDetector = true
