/** The paywall's copy (spec 000 section 2). Testimonials are written for the product; names are invented. */
export const benefits = [
  "Guided meditations, sleep stories and soundscapes for every mood",
  "A personal plan built from your answers, ten calm minutes a day",
  "CBT-based courses that help you untangle stress and negative thoughts",
  "New sessions every week, on the web and on your Android or iOS phone",
];

export const timeline = [
  { day: "Today", title: "Full access", text: "Start your plan and explore every session without limits." },
  { day: "Day 5", title: "A friendly reminder", text: "We e-mail you two days before your trial ends." },
  { day: "Day 7", title: "Your plan begins", text: "You are charged then. Cancel anytime before." },
];

export const testimonials = [
  {
    id: "t1",
    name: "Maya R.",
    detail: "Member for 8 months",
    comment: "I used to lie awake replaying the day. The sleep stories switch my mind off within minutes.",
  },
  {
    id: "t2",
    name: "Daniel K.",
    detail: "Member for 1 year",
    comment: "The ten-minute morning sessions changed how I start work. I feel steadier, and my team noticed.",
  },
  {
    id: "t3",
    name: "Priya S.",
    detail: "Member for 5 months",
    comment: "The CBT course gave me words for what I was feeling and small steps that actually help.",
  },
];
