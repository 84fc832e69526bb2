// Package useronboarding is the user onboarding: the journey a new member of
// the user portal walks once (what they are here for, then eleven short
// steps), kept resumable by api/internal/onboarding as the flow "user", and
// what it learns that no other domain owns (intents, travel styles and
// wellness goals), which personalises the user portal's home.
//
// # Tables (migration 0056_user_onboarding)
//
//	user_personalisation  user_id primary key, intents, travel_styles, wellness_goals (JSON arrays as
//	                      text), updated_at; written by the flow's Submit
//
// The migration also records the flow as submitted for every account that
// existed before it, so only people who sign up from then on are asked.
//
// # The flow "user" (role user; steps in Steps)
//
//	intent  {intents: [travel|wellness|shopping|meeting_people, ...]}        at least one
//	one     {display_name, avatar_url?}     the photo is uploaded by the step screen through
//	                                        POST /profile/avatar; avatar_url must be the caller's own
//	two     {date_of_birth}                 profiles' rules: YYYY-MM-DD, 13 to 120 years old
//	three   {gender}                        profiles.Genders
//	four    {city, country, time_zone}      country ISO alpha-2, time_zone an IANA name
//	five    {languages: [...]}              1 to 20, profiles' list rules
//	six     {interests: [...]}              1 to 20, profiles' list rules
//	seven   {travel_styles: [...]}          0 to 8 of TravelStyles
//	eight   {wellness_goals: [...]}         0 to 8 of WellnessGoals
//	nine    {email: [category, ...]}        the notification categories emailed (in-app stays on)
//	ten     {who_can_message, who_can_request, posts_audience}  social's privacy values
//	eleven  {confirmed: true}               the review
//
// Check validates each step with the owning domain's rules (422 naming the
// field, nothing saved). Submit applies the profile (profiles.Update), the
// notification preferences (their time zone is the one of step four) and
// the privacy settings through their services, then writes the
// personalisation; each write is an upsert, so a submission given back
// after a failure applies again cleanly.
//
// # Routes (api/contract/useronboarding.yaml, policies/useronboarding.csv)
//
//	GET /personalisation   the caller's intents, travel styles and wellness goals (empty lists before
//	                       the journey), onboarding_required and onboarding_step
//
// onboarding_required is true for an account that holds no role but user
// and has not submitted the flow (provider, admin and earlier accounts never
// are); onboarding_step is then the first step not saved (the review when
// every step is saved).
//
// # Public API
//
//	New(Config{DB, Clock, Onboarding, Profiles, Notifications, Privacy}) (*Service, error)
//	(*Service).Flow() onboarding.Flow      registered in app.New with AddFlow
//	(*Service).Personalisation(ctx, userID, roles)
package useronboarding
