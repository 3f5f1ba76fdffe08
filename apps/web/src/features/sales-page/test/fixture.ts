import type { Checkout, LandingPage, SalesPage, Vsl } from "@serene/contracts";
import { pkg } from "../../../test/packages";

/** A whole sales page as GET /sales-page/{slug} answers it, with the spec's figures (spec 000 section 9). */
export const SALES_PAGE: SalesPage = {
  slug: "calm-reset",
  as_seen_on: ["The Daily Pause", "Mindful Weekly", "Evening Post", "Wellbeing Today"],
  warning: "This page holds a welcome price for a short while only.",
  hero: {
    title: "{name} is your 5-minute reset",
    subtitle: "Short guided sessions that help you slow down, breathe and settle, whenever the day feels loud.",
    video_vsl: "calm-evenings",
  },
  participants: { count: 1249, label: "people have joined in the last week" },
  start_label: "Start my calmer days",
  countdown: { title: "Your welcome price is held for", expired: "Your welcome price has ended" },
  panic_stats: {
    title: "You are far from alone",
    items: [
      { figure: "18.1%", text: "of adults live with anxiety in a given year" },
      { figure: "6.2%", text: "live with a mental illness that weighs on daily life" },
      { figure: "45%", text: "of workers say they feel stressed at work" },
    ],
  },
  good_news: { title: "The good news", text: "Calm is a skill. Like any skill, it grows a little every time you practise it." },
  triangle: {
    title: "Three parts that work together",
    parts: [
      { name: "Habit", text: "A few minutes at the same time each day." },
      { name: "Technique", text: "Simple breathing and attention practices." },
      { name: "Transformation", text: "Over weeks, a steadier way of meeting your day." },
    ],
  },
  testimonial: {
    name: "Maya R.",
    detail: "Member for 8 months",
    quote: "Evenings feel softer now. I look forward to my five minutes.",
    rating: 5,
  },
  how_it_works: {
    title: "How it works",
    steps: [
      { title: "Choose a moment", text: "Morning, lunch or bedtime: whichever suits you." },
      { title: "Press play", text: "Follow a gentle voice for five minutes." },
      { title: "Notice the change", text: "Check in with yourself and see how you feel." },
    ],
  },
  weapon: {
    title: "A quiet tool against a busy mind",
    text: "When thoughts race, a short practice gives you somewhere calm to land.",
    points: ["Racing thoughts at night", "Tension before a big day", "The after-work rush"],
  },
  moods: { title: "Sessions for every mood", topics: ["Stress", "Sleep", "Focus", "Worry", "Self-kindness", "Energy"] },
  behind: { title: "Behind the curtains", text: "Every session is written and voiced by people who practise what they teach." },
  meditation_benefits: {
    title: "What regular practice can bring",
    text: "Many people find that a steady practice helps them feel more settled.",
    points: ["More restful evenings", "A kinder inner voice", "Clearer mornings"],
  },
  six_benefits: {
    title: "Six reasons people stay",
    items: [
      { title: "Short", text: "Five minutes fits any day." },
      { title: "Gentle", text: "No pressure, no streaks to lose." },
      { title: "Varied", text: "New sessions every week." },
      { title: "Personal", text: "A plan shaped by your answers." },
      { title: "Anywhere", text: "On the web and on your phone." },
      { title: "Yours", text: "Cancel whenever you like." },
    ],
  },
  five_minutes: { title: "5 minutes a day", text: "That is all it takes to begin. Small, steady steps add up." },
  short_testimonials: [
    { name: "Tom K.", detail: "Member for 3 months", quote: "The sleep stories are my favourite part of the day.", rating: 5 },
    { name: "Aisha B.", detail: "Member for a year", quote: "I finally have a routine that sticks.", rating: 4 },
  ],
  method: {
    title: "The not so secret method",
    items: Array.from({ length: 11 }, (_, index) => ({
      name: `Practice ${index + 1}`,
      text: `A short guided practice, number ${index + 1}.`,
      value_cents: 9786,
    })),
    list_value_cents: 9786,
  },
  people_helped: { figure: "2000", text: "people a day start a session with us" },
  reviews: {
    title: "What members say",
    items: [
      { name: "Lena P.", detail: "Member for 5 months", quote: "A calm corner of my phone.", rating: 5 },
      { name: "Sam O.", detail: "Member for 2 months", quote: "Kind, simple and easy to keep up.", rating: 5 },
    ],
  },
  refund: {
    title: "Our refund promise",
    text: "If it is not for you, e-mail your receipt with the subject '{subject}' and we will refund your {amount}.",
    subject: "Refund request",
  },
  what_you_get: { title: "What you get", items: ["The full library of sessions", "Sleep stories and sounds", "Your personal plan"] },
  price: { title: "Your price today", value_cents: 171495, note: "About $1700 less than the value of everything inside." },
  faq: [
    { question: "Can I cancel at any time?", answer: "Yes. You can cancel in your profile or by e-mail, whenever you like." },
    { question: "Does it work on my phone?", answer: "Yes, on the web and in the app on Android and iOS." },
  ],
  footer: {
    socials: [
      { network: "instagram", url: "https://instagram.com/serene" },
      { network: "youtube", url: "https://youtube.com/@serene" },
    ],
    copyright_year: 2022,
  },
};

/** A promo checkout with a 4-hour offer: the yearly plan at its offer price beside the regular plans. */
export const checkoutFixture = (overrides: Partial<Checkout> = {}): Checkout => ({
  id: 7,
  type: "promo",
  theme: "default",
  sales_page: "calm-reset",
  recommendations: true,
  offer: { hours: 4, started_at: null, ends_at: null, expired: false },
  packages: [
    pkg(71, 12, 14.95, { offer: true, tags: ["Best Value"] }),
    pkg(72, 1, 9.99),
    pkg(73, 12, 59.99),
    pkg(74, 0, 149.99, { is_lifetime: true }),
    pkg(75, 12, 59.99, { provider: "paypal" }),
  ],
  ...overrides,
});

export const landingFixture = (overrides: Partial<LandingPage> = {}): LandingPage => ({
  slug: "spring-calm",
  checkout_id: 7,
  theme: "green-main",
  title: "A calmer spring",
  page: { ...SALES_PAGE, hero: { ...SALES_PAGE.hero, title: "{name} spring can feel calmer" } },
  ...overrides,
});

export const VSL_FIXTURE: Vsl = {
  id: 1,
  slug: "calm-evenings",
  title: "Three minutes to a calmer evening",
  subtitle: "A short film about winding down.",
  video: { playlist: "/media/vsl/calm-evenings/master.m3u8", poster: null, duration_seconds: 180 },
  cta_at_seconds: 20,
  cta_label: "Take the calm check-in",
  next: { kind: "quiz", quiz_slug: "calm-check-in", path: "/lead-quiz/calm-check-in" },
  points: [],
};
