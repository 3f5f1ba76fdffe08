import type { ContentTypeKey, MediaOutlet, TopicKey } from "./art";

/**
 * The landing page's words and figures (spec 000 section 1). Copy lives here, not in components;
 * `{product}` is replaced with the configured product name.
 */
const claims = {
  trustedBy: "2 million",
  successRate: "98%",
  tracks: "1000+",
  happyUsers: "2,003,459",
  expertiseYears: "100",
  minutesPerDay: "10",
};

export const hero = {
  eyebrow: `Trusted by over ${claims.trustedBy} people`,
  title: "Find your calm in just 10 minutes a day",
  lead: "Take a short quiz to build your mind profile. {product} turns it into a personal plan of meditations, sleepcasts, soundscapes and CBT exercises that fit your life.",
  cta: "Start my quiz",
  note: "2-minute quiz · no credit card needed",
  stats: [
    { value: claims.successRate, label: "of members feel calmer" },
    { value: claims.tracks, label: "tracks and courses" },
    { value: `${claims.minutesPerDay} min`, label: "a day is enough" },
  ],
};

export interface ContentTypeSlide {
  type: ContentTypeKey;
  name: string;
  blurb: string;
}

export const contentTypes: ContentTypeSlide[] = [
  { type: "meditations", name: "Meditations", blurb: "Guided sessions for every mood" },
  { type: "sleepcasts", name: "Sleepcasts", blurb: "Gentle stories to drift off" },
  { type: "cbt", name: "Cognitive Behavioral Therapy", blurb: "Reframe the thoughts that weigh on you" },
  { type: "relaxing-music", name: "Relaxing Music", blurb: "Soft music to slow down" },
  { type: "nature-soundscapes", name: "Nature Soundscapes", blurb: "Rain, ocean and forest" },
  { type: "breathing", name: "Breathing Exercises", blurb: "Calm your body in minutes" },
  { type: "affirmations", name: "Affirmations", blurb: "Kind words to start the day" },
  { type: "body-psychotherapy", name: "Body Psychotherapy", blurb: "Release tension you carry" },
  { type: "journal", name: "Journal", blurb: "Notes and workbooks for reflection" },
];

export const asSeenOn: { title: string; outlets: MediaOutlet[] } = {
  title: "As seen on",
  outlets: ["daily-mind", "wellness-weekly", "the-calm-post", "modern-health", "sleep-journal", "mindful-times"],
};

export const howItWorks = {
  title: "How it works",
  lead: "Four small steps from a restless mind to a calmer everyday.",
  steps: [
    {
      step: 1 as const,
      title: "Take the quiz",
      text: "Answer a few questions about your goals, your days and what weighs on you. It takes about two minutes.",
    },
    {
      step: 2 as const,
      title: "Get your mind profile",
      text: "We build a mind profile and a personal plan, day by day, from more than 1000 tracks.",
    },
    {
      step: 3 as const,
      title: "Practise 10 minutes a day",
      text: "Listen to short sessions at your own pace: a meditation, a sleepcast, a breathing exercise.",
    },
    { step: 4 as const, title: "Feel the change", text: "Track your progress, keep your streak and notice calmer days and deeper nights." },
  ],
};

export interface TopicSlide {
  topic: TopicKey;
  name: string;
  text: string;
}

export const weapon = {
  title: "Your Greatest Weapon Against Stress & Negative Thoughts",
  lead: "Science-based sessions for whatever today brings.",
  rows: [
    [
      { topic: "stress", name: "Stress", text: "Unwind after long days" },
      { topic: "anxiety", name: "Anxiety", text: "Quiet the racing heart" },
      { topic: "sleep", name: "Sleep", text: "Fall asleep with ease" },
      { topic: "overthinking", name: "Overthinking", text: "Step out of the loop" },
      { topic: "panic", name: "Panic", text: "Ground yourself fast" },
      { topic: "self-esteem", name: "Self-esteem", text: "Be kinder to yourself" },
    ],
    [
      { topic: "focus", name: "Focus", text: "Clear a busy mind" },
      { topic: "mood", name: "Low mood", text: "Lift heavy days" },
      { topic: "breakup", name: "Breakup", text: "Heal and move on" },
      { topic: "procrastination", name: "Procrastination", text: "Start with one small step" },
      { topic: "anger", name: "Anger", text: "Cool down, respond calmly" },
      { topic: "loneliness", name: "Loneliness", text: "Feel connected again" },
    ],
  ] as TopicSlide[][],
  /** Slide widths of the two rows (spec 000 section 9). */
  slideWidths: [200, 224] as const,
};

export const framework = {
  eyebrow: "Our unique framework",
  title: "Mindfulness, CBT and sound, woven into one plan",
  text: `Our method brings together ${claims.expertiseYears} years of combined expertise from psychologists, sleep specialists and meditation teachers. Every plan blends three things that work best together.`,
  pillars: [
    { title: "Mindfulness", text: "Short guided practices that bring you back to the present." },
    { title: "Cognitive Behavioral Therapy", text: "Courses and workbooks that help you notice and reframe negative thoughts." },
    { title: "Sound", text: "Music and nature soundscapes that calm the nervous system and ease you into sleep." },
  ],
};

export const benefits = {
  title: "What changes when you practise",
  items: [
    { title: "Less stress", text: "Meet busy days with a steadier mind." },
    { title: "Deeper sleep", text: "Fall asleep faster and wake up rested." },
    { title: "Calmer thoughts", text: "Catch worries before they spiral." },
    { title: "More focus", text: "Give your full attention to what matters." },
    { title: "Kinder self-talk", text: "Build confidence with daily affirmations." },
    { title: "Real progress", text: "See mindful days, minutes and streaks grow." },
  ],
};

export interface Testimonial {
  id: string;
  name: string;
  comment: string;
  detail: string;
}

export const reviews = {
  title: `${claims.happyUsers} happy users`,
  lead: "Real words from people who made a little calm part of every day.",
  testimonials: [
    {
      id: "t1",
      name: "Amelia R.",
      detail: "Member for 8 months",
      comment:
        "I used to lie awake for hours. The sleepcasts and the breathing exercises changed my evenings completely. Now I fall asleep before the story ends.",
    },
    {
      id: "t2",
      name: "Daniel K.",
      detail: "Member for 1 year",
      comment:
        "The quiz put together a plan that actually fits my life. Ten minutes on my commute, and my work stress feels manageable for the first time in years.",
    },
    {
      id: "t3",
      name: "Sofia M.",
      detail: "Member for 5 months",
      comment:
        "The CBT workbooks helped me see my thought patterns clearly. It feels like a patient coach in my pocket, always kind, never rushed.",
    },
  ] satisfies Testimonial[],
};

export const startSection = {
  title: "Ready to feel calmer?",
  text: "Take the quiz, get your mind profile and start your personal plan today.",
  cta: "Start my quiz",
};
