package bookings

// SetPrecheck turns the read before a hold's write on or off, so tests can
// show the conditional upserts alone refuse double bookings.
func SetPrecheck(on bool) { precheckHolds = on }
