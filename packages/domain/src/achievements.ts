/**
 * The badges a member can earn (spec 001 section 3: Achievement; decision 034). The spec lists fourteen
 * machine names and hides two of them; `first_worksheet` and `month_of_calm` are ours. The order is the
 * spec's, and the grid shows them in this order.
 */
export const ACHIEVEMENTS = [
  { machine_name: "add_a_favorite", name: "First Favourite", description: "Saved a first session to your favourites." },
  { machine_name: "cbt_healed", name: "CBT Graduate", description: "Finished every session of a CBT course." },
  { machine_name: "daily", name: "Daily Practice", description: "Practised seven days in a row." },
  { machine_name: "deep_sleeper", name: "Deep Sleeper", description: "Fell asleep to a sleepcast on five different nights." },
  { machine_name: "first_course_session", name: "Course Starter", description: "Completed a first session of a course." },
  { machine_name: "first_single", name: "First Meditation", description: "Completed a first guided meditation." },
  { machine_name: "first_sleep", name: "First Sleepcast", description: "Listened to a first sleepcast to its end." },
  { machine_name: "first_therapy", name: "First CBT Session", description: "Completed a first CBT session." },
  { machine_name: "influencer", name: "Kind Sharer", description: "Shared a session with someone." },
  { machine_name: "first_worksheet", name: "Reflective Writer", description: "Completed a first CBT workbook." },
  { machine_name: "month_of_calm", name: "Month of Calm", description: "Practised thirty days in a row." },
  { machine_name: "music_lover", name: "Music Lover", description: "Listened to an hour of music and soundscapes." },
  { machine_name: "note_taker", name: "Note Taker", description: "Wrote a first note." },
  { machine_name: "the_basics", name: "The Basics", description: "Completed three sessions, saved a favourite and wrote a note." },
] as const;

export type AchievementName = (typeof ACHIEVEMENTS)[number]["machine_name"];
export const ACHIEVEMENT_NAMES: readonly AchievementName[] = ACHIEVEMENTS.map((badge) => badge.machine_name);
