package seed

import (
	"context"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/reviews"
)

// rentalReview is one demo renter's review of a past rental, and the
// company's reply ("" for none).
type rentalReview struct {
	car, renter, from, to int
	rating                int
	text, reply           string
	extras                []string
}

// RentalReviews are the demo reviews per company (in RentalCompanies'
// order): each a completed rental of its own, by the affiliate, writer or
// user account, at least a month back so they never meet the demo rentals.
var RentalReviews = [][]rentalReview{
	{ // Coastline Rentals, Mombasa and Diani
		{6, 1, -60, -53, 5, "Picked up at Moi airport at 11 pm and the desk was still open, as promised. The Prado " +
			"handled the Tsavo road with no trouble and the deposit came back two days after the return.",
			"Asante! Safe travels, and say hello to Tsavo for us next time.", nil},
		{10, 2, -45, -41, 4, "The HiAce took all twelve of us to Diani and back. The hand-over photos took a while, but they " +
			"saved an argument about a scratch that was already there.", "", nil},
		{11, 0, -38, -35, 3, "The Hilux was fine, but the Nyali branch opened twenty minutes late on the Saturday and " +
			"nobody answered the phone. Returned at the airport without any fuss.",
			"Sorry about the Saturday morning: we have added a second person to the weekend shift at Nyali.", nil},
		{0, 1, -34, -31, 5, "Child seat already fitted when we arrived, full tank, spotless. Will book again for " +
			"the December holidays.", "", []string{"child_seat"}},
	},
	{ // Eko Drive Rentals, Lagos
		{7, 2, -58, -55, 4, "Airport delivery at MMIA worked exactly as described; the driver waited with a sign. " +
			"Air conditioning was a little weak in the afternoon traffic.", "Thanks, we have serviced that car's A/C since.", nil},
		{8, 1, -47, -44, 5, "Needed a car at short notice for a wedding in Lekki. Clean, on time, and the one-way " +
			"return to Victoria Island cost exactly what the quote said.", "", nil},
		{1, 2, -39, -37, 2, "Fuel policy says full to full, but the tank was only three quarters full at pick-up. " +
			"They noted it on the hand-over after I pointed it out, and nothing was taken from my deposit.",
			"You are right, and we apologise: the pick-up checklist now includes a photo of the fuel gauge.", nil},
	},
	{ // Capital Car Hire, Abuja
		{8, 0, -56, -52, 5, "An executive saloon that actually felt executive. Collected in Wuse II and dropped at " +
			"Nnamdi Azikiwe for an early flight; the return took five minutes.", "", nil},
		{9, 1, -43, -40, 4, "Solid SUV for a trip to Keffi and back. The mileage limit is generous, and the " +
			"deposit was released as soon as they checked the car.", "Thank you for renting with us.", nil},
		{2, 2, -36, -33, 4, "Friendly staff and a well kept car. Booking online was easier than calling.", "", nil},
	},
}

// demoRentalReviews makes each company's reviewed rentals (RentalReviews)
// for the companies set up now; the company replies to some. The reviews
// count in the company's rating and show on its pages.
func demoRentalReviews(ctx context.Context, a *app.App, ids map[string]string, carIDs, branchIDs [][]string) (int, error) {
	renters := []string{ids["user@example.com"], ids["affiliate@example.com"], ids["writer@example.com"]}
	for i, r := range renters { // the reviewed rentals are paid from the wallet like any other
		ref := fmt.Sprintf("SEED-RENTAL-REVIEWS-%d", i)
		if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed-rental:" + ref + ":" + r, UserID: r,
			Amount: 300_000_000, Currency: "NGN", Reference: ref + "-" + r[:8]}); err != nil {
			return 0, err
		}
	}
	now := a.Deps.Clock.Now().UTC().Truncate(time.Hour)
	d := func(days int) time.Time { return now.Add(time.Duration(days) * 24 * time.Hour).Add(2 * time.Hour) }
	n := 0
	for ci, cars := range carIDs {
		if cars == nil || ci >= len(RentalReviews) {
			continue
		}
		owner := ids[RentalCompanies[ci].Person.Email]
		for ri, r := range RentalReviews[ci] {
			in := rentals.ImportInput{UserID: renters[r.renter], Status: rentals.StatusCompleted,
				Fuel: [2]int{8, 8}, Km: [2]int{12_000 + 900*ri, 12_000 + 900*ri + 150*(r.to-r.from)}}
			in.CarID, in.Start, in.End, in.Extras = cars[r.car%len(cars)], d(r.from), d(r.to), r.extras
			in.PickupBranchID, in.DropoffBranchID = branchIDs[ci][0], branchIDs[ci][0]
			in.Driver = rentals.Driver{Name: "Chidi Nwosu", BirthDate: "1987-03-09", LicenceNumber: "NG-ABJ-77120-CN",
				Phone: "+2348023456789"}
			id, err := a.Rentals.Import(ctx, in)
			if err != nil {
				return n, fmt.Errorf("reviewed rental %d/%d: %w", ci, ri, err)
			}
			var rv reviews.Review
			if err := writtenAt(a, daysAfter(in.End, ri), func() (err error) {
				rv, err = a.Rentals.Review(ctx, in.UserID, id, reviews.ReviewInput{Rating: r.rating, Text: r.text})
				return err
			}); err != nil {
				return n, fmt.Errorf("rental review %d/%d: %w", ci, ri, err)
			}
			if r.reply != "" {
				if err := writtenAt(a, daysAfter(in.End, ri).Add(22*time.Hour), func() error {
					_, err := a.Reviews.Reply(ctx, owner, rv.ID, reviews.ReplyInput{Text: r.reply})
					return err
				}); err != nil {
					return n, fmt.Errorf("rental review reply %d/%d: %w", ci, ri, err)
				}
			}
			n++
		}
	}
	return n, nil
}
