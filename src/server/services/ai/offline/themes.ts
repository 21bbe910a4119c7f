import type { GeneratedChallenge, MilestoneSet } from "../schema.ts";
import { listOf, quote, type Reading } from "./read-answers.ts";

/**
 * The curated library of the offline generator: one entry per life theme a man tends to write about. Each entry
 * turns his own words (the Reading) into a challenge and three milestones; `keywords` decide which themes his
 * answers are about.
 */
export type Theme = {
  id: string;
  keywords: RegExp;
  /** Second person, after "to": "build something that carries your name". */
  missionVerb: string;
  /** First person, after "I": "build my own business". */
  statementVerb: string;
  /** What an evening hour taken back from the phone goes to. */
  habit: string;
  visionLine: string;
  challenge(r: Reading): GeneratedChallenge;
  milestones(r: Reading): MilestoneSet;
};

const sinksOf = (r: Reading) => listOf(r.sinks, "your phone");
const because = (r: Reading) =>
  r.blocker
    ? `You named what stops you: ${quote(r.blocker)}. `
    : `About your strengths you wrote: ${quote(r.strength)}. Bring that here. `;
const pick = <T>(r: Reading, options: T[]): T => options[r.seed % options.length] as T;

export const themes: Theme[] = [
  {
    id: "business",
    keywords:
      /\b(business|company|startup|start-up|side hustle|brand|shop|store|freelanc\w*|clients?|customers?|entrepreneur\w*|my own boss|agency|sell|product)\b/i,
    missionVerb: "build something that carries your name",
    statementVerb: "build a business of my own, one customer at a time",
    habit: "one focused hour on the business",
    visionLine: "A business that pays you because you built it, not a feed that pays someone else for your attention.",
    challenge: (r) => ({
      title: pick(r, ["Ship It to One Paying Customer", "First Customer in 30 Days"]),
      description: `You wrote: ${quote(r.goal)}. This challenge turns it from an idea into a transaction: define the offer, put it in front of real people and get one customer to pay for it. Not a logo, not a perfect plan — a sale.`,
      insight: `${because(r)}Ideas stay safe as long as nobody can say no. One real customer answers more questions than a year of planning.`,
      screen_to_action: `Every evening you would open ${sinksOf(r)}, open your notes instead and work 45 minutes on the offer or the outreach.`,
      accountability_framework:
        "Keep a simple log: conversations started, offers sent, answers received. Review it every Sunday; the number that matters is people who said yes or no.",
    }),
    milestones: (r) => ({
      immediate: `Write a one-paragraph offer for ${quote(r.goal)} and send it to 5 people you know who could use it.`,
      short_term: "Hold 10 real conversations with potential customers and get the first one to pay, however small.",
      medium_term: "Reach 10 paying customers and write down what they bought, why, and what you will charge next.",
    }),
  },
  {
    id: "writing",
    keywords: /\b(write|writing|writer|book|novel|blog|stor(y|ies)|poem\w*|poetry|author|screenplay|newsletter)\b/i,
    missionVerb: "write the words you keep carrying around",
    statementVerb: "write every day until the book exists",
    habit: "500 words before any screen",
    visionLine: "Finished pages on a shelf that you wrote, instead of posts you scrolled past.",
    challenge: (r) => ({
      title: pick(r, ["500 Words Before Any Screen", "Write the First Draft"]),
      description: `You wrote: ${quote(r.goal)}. The draft gets written the same way for everyone: a fixed time, a word count, no editing on the way. This challenge makes writing a daily appointment you keep.`,
      insight: `${because(r)}Writers are not people with more time; they are people who sit down at the same hour whether they feel like it or not.`,
      screen_to_action: `The first 30 minutes you would give to ${sinksOf(r)} go to the page. Phone in another room until the words are written.`,
      accountability_framework:
        "Log the date and word count of every session. Share one finished page a week with someone whose opinion you respect.",
    }),
    milestones: () => ({
      immediate: "Write 500 words on 5 of the next 7 days, at the same time each day.",
      short_term: "Reach 10,000 words and write a one-page outline of where the whole piece is going.",
      medium_term: "Finish a complete first draft and give it to one reader for honest feedback.",
    }),
  },
  {
    id: "music",
    keywords:
      /\b(music|guitar|piano|drums?|bass|sing\w*|songs?|band|produc(e|ing|er)|beats?|dj|instrument|violin|compose)\b/i,
    missionVerb: "make the music you have been postponing",
    statementVerb: "practise every day and play for real people",
    habit: "30 minutes with the instrument",
    visionLine: "Playing for people who came to listen, not watching other people play on a small screen.",
    challenge: (r) => ({
      title: pick(r, ["Practise Daily, Play It Live", "From Bedroom to First Gig"]),
      description: `You wrote: ${quote(r.goal)}. This challenge swaps watching other musicians for deliberate practice and ends with you playing in front of people.`,
      insight: `${because(r)}Skill on an instrument is built in short daily sessions, not in rare inspired weekends.`,
      screen_to_action: `Leave the instrument out where your phone usually lies. When you reach for ${sinksOf(r)}, play for 30 minutes instead.`,
      accountability_framework:
        "Record one take every week and keep the recordings in order. Compare week 1 with week 8 and let someone else hear both.",
    }),
    milestones: () => ({
      immediate: "Practise 30 minutes on 5 of the next 7 days and record one short take.",
      short_term: "Learn two complete pieces from start to finish and play them for one person.",
      medium_term: "Play a full set in front of an audience: an open mic, a jam session or a small gig.",
    }),
  },
  {
    id: "fitness",
    keywords:
      /\b(gym|fit|fitness|weight|strong|strength|muscle|marathon|run(ning)?|lift(ing)?|body|health(y)?|boxing|martial|bjj|jiu|mma|athlete|shape|abs|triathlon|cycling)\b/i,
    missionVerb: "build a body that can carry you anywhere",
    statementVerb: "train my body like it belongs to someone I respect",
    habit: "a training session",
    visionLine: "A body that is strong and ready, proven in training, not admired in other people's videos.",
    challenge: (r) => ({
      title: pick(r, ["Train Four Times a Week", "Earn a Stronger Body"]),
      description: `You proved with your run that you can go longer than you thought. Now make it a standard. You wrote: ${quote(r.goal)}. This challenge sets a weekly training rhythm and one measurable target.`,
      insight: `${because(r)}The run showed that your limits were assumptions; regular training turns that one day into who you are.`,
      screen_to_action: `Put your training clothes where you sit down with ${sinksOf(r)}. The evening scroll becomes the evening session.`,
      accountability_framework:
        "Write every session down: date, what you did, one number (distance, weight, time). Four sessions a week is the bar.",
    }),
    milestones: () => ({
      immediate: "Complete 4 training sessions in the next 7 days and log each one.",
      short_term: "Train 4 times a week for 4 weeks in a row and beat one number from week 1.",
      medium_term: "Hit a clear target you choose now (a race, a lift, a time) and test it on a fixed date.",
    }),
  },
  {
    id: "learning",
    keywords:
      /\b(learn\w*|language|spanish|german|french|japanese|italian|code|coding|program\w*|degree|study|course|certificat\w*|exam|university|school|read(ing)? more)\b/i,
    missionVerb: "master the skill you keep saying you will learn",
    statementVerb: "learn something hard every day instead of consuming something easy",
    habit: "45 minutes of deliberate study",
    visionLine: "A skill you can show, use and teach, built in the hours that used to disappear.",
    challenge: (r) => ({
      title: pick(r, ["Study 45 Minutes a Day", "Learn It for Real"]),
      description: `You wrote: ${quote(r.goal)}. This challenge replaces passive consumption with active learning: a fixed daily session and a test you cannot fake.`,
      insight: `${because(r)}You already spend the hours; learning is simply a different use of the same evening.`,
      screen_to_action: `Swap ${sinksOf(r)} for your learning material on the same device: delete one app and put the course where it was.`,
      accountability_framework:
        "Track study minutes daily. Every two weeks, test yourself with something external: an exercise, a conversation, a mock exam.",
    }),
    milestones: () => ({
      immediate: "Choose one course or book and complete 5 study sessions of 45 minutes this week.",
      short_term: "Finish the first module and prove it: pass a test, build a small project or hold a conversation.",
      medium_term: "Reach a level you can show to someone else: a certificate, a finished project or a real-world use.",
    }),
  },
  {
    id: "family",
    keywords:
      /\b(wife|kids?|children|family|father|dad|husband|partner|girlfriend|daughters?|sons?|relationship|marriage|friends?|brother|present for)\b/i,
    missionVerb: "be fully present for the people who count on you",
    statementVerb: "give the people I love my full attention, not what is left after my phone",
    habit: "phone-free time with the people at home",
    visionLine: "People around you who know they get the best of you, not the last of you.",
    challenge: (r) => ({
      title: pick(r, ["Phone-Free Evenings at Home", "Be There, Fully"]),
      description: `In your picture of the future you wrote: ${quote(r.future)}. The people in that picture need you now, not after one more video. This challenge protects time with them from the screen.`,
      insight: `You named ${listOf(r.people, "the people close to you")} when you pictured the life you want. Attention is the first thing they notice — and the first thing ${sinksOf(r)} ${r.sinks.length > 1 ? "take" : "takes"}.`,
      screen_to_action:
        "From dinner until the kids or your partner go to bed, the phone stays in a drawer. Plan one shared activity a week instead of parallel scrolling.",
      accountability_framework:
        "Ask the people at home to call you out when the phone comes out. Once a week, ask them: did I show up this week?",
    }),
    milestones: (r) => ({
      immediate: `Keep 5 phone-free evenings this week and plan one thing to do together with ${listOf(r.people, "someone close to you")}.`,
      short_term: "Make one weekly ritual stick for 4 weeks: a walk, a meal, a game, a project together.",
      medium_term: "Plan and carry out a day or weekend together that everyone will remember, organised by you.",
    }),
  },
  {
    id: "money",
    keywords:
      /\b(money|debt|save|saving|invest\w*|financ\w*|income|salary|rich|wealth|mortgage|broke|bills|budget|afford)\b/i,
    missionVerb: "take control of your money and your future",
    statementVerb: "run my finances with a plan instead of hoping",
    habit: "30 minutes on your numbers",
    visionLine: "Money working for a plan you wrote, with savings that grow every month.",
    challenge: (r) => ({
      title: pick(r, ["Take Charge of Your Money", "Build the Buffer"]),
      description: `You wrote: ${quote(r.goal)}. Financial change starts with knowing your numbers and making one decision a week about them. This challenge sets up that habit.`,
      insight: `${because(r)}Scrolling costs more than time: the feeds you named are built to sell to you.`,
      screen_to_action: `Every time you want to open ${sinksOf(r)}, open your banking app, check one number and close it. Then put the phone away.`,
      accountability_framework:
        "One money session every Sunday: income, spending, savings rate. Write the three numbers down and compare.",
    }),
    milestones: () => ({
      immediate: "List every income, bill and subscription this week and cancel at least one you do not need.",
      short_term: "Set up an automatic transfer to savings on payday and keep a written budget for 4 weeks.",
      medium_term: "Build a buffer of one month's expenses or pay down a debt by an amount you set today.",
    }),
  },
  {
    id: "craft",
    keywords:
      /\b(wood\w*|furniture|carpent\w*|cabin|house|restore|restoring|motorbike|motorcycle|car|engine|garden|tools|workshop|hands|craft|weld\w*|diy|renovat\w*)\b/i,
    missionVerb: "make real things with your own hands",
    statementVerb: "build things with my hands that will outlast any feed",
    habit: "an hour in the workshop",
    visionLine: "Things you built with your own hands, used every day by the people around you.",
    challenge: (r) => ({
      title: pick(r, ["Build It With Your Hands", "One Finished Project"]),
      description: `You wrote: ${quote(r.goal)}. This challenge is about finishing: one concrete project, planned, started and completed, with your own hands.`,
      insight: `${because(r)}The satisfaction you are missing on the couch is the kind that comes from something you can touch and use.`,
      screen_to_action: `Trade the evening hour of ${sinksOf(r)} for the workshop. Tools out, phone in a drawer.`,
      accountability_framework:
        "Photograph the project at the end of every session. The photos side by side are your progress report.",
    }),
    milestones: () => ({
      immediate: "Pick one project, sketch it, list materials and tools, and spend two sessions on it this week.",
      short_term: "Finish the first project completely and put it to use.",
      medium_term: "Complete a second, harder project that needs a skill you do not have today.",
    }),
  },
  {
    id: "visual",
    keywords:
      /\b(draw\w*|paint\w*|photo\w*|film\w*|design\w*|art|artist|video|camera|animation|illustrat\w*|sketch\w*)\b/i,
    missionVerb: "create work that people stop to look at",
    statementVerb: "create instead of consume, every day",
    habit: "an hour of making",
    visionLine: "A body of work that is yours: made, finished and shown.",
    challenge: (r) => ({
      title: pick(r, ["Create One Thing a Day", "Make, Finish, Show"]),
      description: `You wrote: ${quote(r.goal)}. You already look at other people's work for hours; this challenge makes you the one who creates it: daily practice and a finished piece you show.`,
      insight: `${because(r)}Taste is what you built by scrolling; skill is what closes the gap, and it only comes from making a lot.`,
      screen_to_action: `For every 10 minutes of ${sinksOf(r)} you skip, make something: a sketch, a frame, a study.`,
      accountability_framework:
        "Keep everything you make in one dated folder. Show one piece a week to someone who will be honest.",
    }),
    milestones: () => ({
      immediate: "Make something small every day for 7 days and keep all seven.",
      short_term: "Finish one serious piece you would put your name on and show it to three people.",
      medium_term: "Publish or exhibit a small series of finished work, online or in person.",
    }),
  },
  {
    id: "outdoors",
    keywords:
      /\b(travel\w*|hik\w*|mountains?|climb\w*|outdoors?|camp\w*|sail\w*|surf\w*|nature|explore|adventure|trip|road trip|backpack\w*|fish\w*)\b/i,
    missionVerb: "live your adventures instead of watching other people's",
    statementVerb: "spend my time outside, exploring, not watching others do it",
    habit: "an hour outside",
    visionLine: "Stories from places you have been, not from videos of places other people went.",
    challenge: (r) => ({
      title: pick(r, ["Plan the Adventure, Then Go", "Get Outside and Earn It"]),
      description: `You wrote: ${quote(r.goal)}. This challenge turns wanting into a date in the calendar: plan it, train for it, do it.`,
      insight: `${because(r)}Adventures rarely fail for lack of money or time; they fail for lack of a date.`,
      screen_to_action: `Use the evenings you give to ${sinksOf(r)} to plan routes, save money and get fit for the trip.`,
      accountability_framework:
        "Put the trip date in the calendar and tell one person who will ask you about it every week.",
    }),
    milestones: () => ({
      immediate: "Choose the destination, set a date and spend two evenings outside this week.",
      short_term: "Complete one shorter trip or outing as a test run and book what the big one needs.",
      medium_term: "Go on the adventure you planned and come back with the story.",
    }),
  },
  {
    id: "career",
    keywords:
      /\b(career|promotion|job|boss|manager|leader\w*|lead|profession\w*|quit my job|work(place)?|position|raise|office)\b/i,
    missionVerb: "grow into the work you know you are capable of",
    statementVerb: "do work I am proud of and grow into the next level",
    habit: "an hour of career building",
    visionLine: "Work that uses what you are good at, in a role you earned.",
    challenge: (r) => ({
      title: pick(r, ["Make the Next Career Move", "Earn the Next Level"]),
      description: `You wrote: ${quote(r.goal)}. This challenge turns ambition into visible work: a clear target role, the skill it needs and proof that you have it.`,
      insight: `You said you are good at ${quote(r.strength)}. That is the lever: make it visible to the people who decide.`,
      screen_to_action: `Three evenings a week, the hour of ${sinksOf(r)} goes to the skill or project your next role needs.`,
      accountability_framework:
        "Define the target role in one sentence. Every two weeks, talk to someone one step ahead of you.",
    }),
    milestones: () => ({
      immediate:
        "Write down the exact role you want next and the three skills it requires; talk to one person in that role.",
      short_term:
        "Finish one piece of work that demonstrates the most important skill and show it to your manager or network.",
      medium_term: "Apply for the role, ask for the promotion or land the new position.",
    }),
  },
  {
    id: "mind",
    keywords:
      /\b(anxi\w*|depress\w*|meditat\w*|focus|discipline|sleep|mental|therapy|confidence|calm|stress\w*|lonely|purpose|lost|stuck|motivation)\b/i,
    missionVerb: "build a calm, disciplined mind that you are in charge of",
    statementVerb: "keep my word to myself, starting with the small things",
    habit: "a screen-free wind-down",
    visionLine: "A clear head, steady sleep and the confidence of a man who keeps his word to himself.",
    challenge: (r) => ({
      title: pick(r, ["Master Your Mornings and Nights", "Keep Your Word to Yourself"]),
      description: `You wrote: ${quote(r.goal)}. Discipline is built from small promises kept. This challenge sets a phone-free start and end to every day and a daily habit that proves you can rely on yourself.`,
      insight: `${because(r)}The feed is designed to keep you restless; taking back the first and last hour of the day changes everything in between.`,
      screen_to_action: `No ${sinksOf(r)} in the first hour after waking or the last hour before sleep. Charge the phone outside the bedroom.`,
      accountability_framework:
        "Tick a calendar box for every day you keep both phone-free hours. Do not break the chain twice in a row.",
    }),
    milestones: () => ({
      immediate: "Charge your phone outside the bedroom and keep the first and last hour screen-free for 7 days.",
      short_term: "Keep a 30-day streak of your morning and evening routine with no more than two misses.",
      medium_term: "Make it automatic: 90 days of routine, better sleep, and a written review of how you have changed.",
    }),
  },
  {
    id: "community",
    keywords: /\b(volunteer\w*|coach\w*|mentor\w*|help(ing)? others|church|community|give back|teach\w*|charity)\b/i,
    missionVerb: "become a man others can lean on",
    statementVerb: "put my time into people who need it",
    habit: "an hour for someone else",
    visionLine: "People whose lives are better because you showed up for them.",
    challenge: (r) => ({
      title: pick(r, ["Show Up for Others", "Coach, Teach, Give Back"]),
      description: `You wrote: ${quote(r.goal)}. This challenge commits a fixed block of your week to other people: coaching, teaching or volunteering.`,
      insight: `You are good at ${quote(r.strength)}. Someone out there needs exactly that, and giving it will give you back more than any feed.`,
      screen_to_action: `One evening a week that used to go to ${sinksOf(r)} now belongs to someone else.`,
      accountability_framework:
        "Put the weekly commitment in your calendar as an appointment others rely on. Count the hours.",
    }),
    milestones: () => ({
      immediate: "Find one organisation, team or person you could help and contact them this week.",
      short_term: "Show up every week for a month without missing once.",
      medium_term: "Take on real responsibility there: lead a session, a group or a project.",
    }),
  },
];

/** Always available: the challenge this product exists for. */
export const screenTheme: Theme = {
  id: "screen",
  keywords: /(?!)/,
  missionVerb: "take back the hours your phone takes",
  statementVerb: "decide where my evenings go",
  habit: "a phone-free hour",
  visionLine: "Evenings that belong to you again.",
  challenge: (r) => ({
    title: pick(r, ["Take Back Your Evenings", "Win the First Hour Back"]),
    description: `You described your evenings like this: ${quote(r.time)}. ${r.hours ? `That is about ${r.hours} a night. ` : ""}This challenge takes back one hour every evening, then two, and puts them to work on what you said you want.`,
    insight: `You wrote that you would regret ${quote(r.regret)}. Every evening lost to ${sinksOf(r)} is a vote for exactly that.`,
    screen_to_action: `Delete ${r.sinks[0] ?? "the app you open most"} from your phone for 30 days. After dinner the phone goes in a drawer for the first hour.`,
    accountability_framework:
      "Check your screen-time report every Sunday and write the number down. It must go down every week.",
  }),
  milestones: (r) => ({
    immediate: `Delete ${r.sinks[0] ?? "your most-used app"} and keep 5 phone-free evening hours this week.`,
    short_term: "Cut your daily screen time in half compared with today and hold it for 4 weeks.",
    medium_term: "Keep two phone-free hours every evening for 90 days, spent on your other challenges.",
  }),
};

/** The run proved something; this keeps it going when his answers point at fewer than three themes. */
export const runTheme: Theme = {
  id: "run",
  keywords: /(?!)/,
  missionVerb: "keep proving to yourself that you can do hard things",
  statementVerb: "do one hard physical thing every week",
  habit: "a run",
  visionLine: "A man who does hard things on purpose.",
  challenge: (r) => ({
    title: "Keep Running Past Your Limit",
    description: `You ran longer than ever before to get here. This challenge keeps that standard alive: one long effort every week, longer each month.`,
    insight: `You are good at ${quote(r.strength)}, and the run proved you can also endure. Keep collecting that evidence.`,
    screen_to_action: `When the urge to open ${sinksOf(r)} hits, put on your shoes and go out for 20 minutes instead.`,
    accountability_framework:
      "Log every run with its duration. One long run a week is the minimum; the monthly long run must grow.",
  }),
  milestones: () => ({
    immediate: "Run three times this week, one of them at least 45 minutes, and log them.",
    short_term: "Complete four weeks with one long run each and beat your challenge run's time.",
    medium_term: "Sign up for and finish an organised race or a solo effort longer than anything you have done.",
  }),
};
