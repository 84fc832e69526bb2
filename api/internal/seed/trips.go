package seed

import (
	"context"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/trips"
)

// demoTrip gives user@example.com a trip to Accra: their upcoming tour in
// Accra (demoTourBookings booked it) and an Eko Drive car picked up at
// Kotoka airport two hours after the tour ends, returned three days later.
// Only when Eko Drive's fleet was set up now (carIDs non-nil).
func demoTrip(ctx context.Context, a *app.App, ids map[string]string, carIDs, branchIDs [][]string) (string, error) {
	if len(carIDs) <= ekoIndex || carIDs[ekoIndex] == nil || len(branchIDs[ekoIndex]) <= accraBranch {
		return "", nil
	}
	uid := ids["user@example.com"]
	items, err := a.Trips.Candidates(ctx, uid)
	if err != nil {
		return "", err
	}
	var tour *trips.ItemDTO
	for i := range items {
		if items[i].Kind == trips.KindTour && items[i].Start.City == "Accra" {
			tour = &items[i]
			break
		}
	}
	if tour == nil {
		return "", fmt.Errorf("user@example.com has no upcoming tour in Accra")
	}
	start := tour.EndsAt.Add(2 * time.Hour)
	in := rentals.ImportInput{UserID: uid, Status: rentals.StatusConfirmed}
	in.CarID, in.Start, in.End = carIDs[ekoIndex][accraCars[0]], start, start.Add(3*24*time.Hour)
	in.PickupBranchID, in.DropoffBranchID = branchIDs[ekoIndex][accraBranch], branchIDs[ekoIndex][accraBranch]
	in.Driver = rentals.Driver{Name: "Amara Okafor", BirthDate: "1992-06-18", LicenceNumber: "NG-LAG-48213-AO",
		Phone: "+2348012345678"}
	rentalID, err := a.Rentals.Import(ctx, in)
	if err != nil {
		return "", fmt.Errorf("the trip's rental: %w", err)
	}
	t, err := a.Trips.Create(ctx, uid, "Accra long weekend")
	if err != nil {
		return "", err
	}
	for _, ref := range []trips.ItemRef{{Kind: trips.KindTour, RefID: tour.RefID}, {Kind: trips.KindRental, RefID: rentalID}} {
		if _, err := a.Trips.AddItem(ctx, uid, t.ID, ref); err != nil {
			return "", err
		}
	}
	return "demo trip: \"Accra long weekend\" for user@example.com (a tour and a car)\n", nil
}
