/**
 * The demo administrator's three conversations: 42 questions (the spec's demo figure: the profile's
 * 'Messages Sent' counts the user's own messages), each followed by the assistant's answer.
 * Plain data, no database here.
 */
export interface SampleChat {
  title: string
  modelId: string
  /** How long ago the conversation began, in days. */
  daysAgo: number
  /** User and assistant messages, alternating, the user's first. */
  turns: [user: string, assistant: string][]
}

export const SAMPLE_CHATS: SampleChat[] = [
  {
    title: 'Planning the team offsite',
    modelId: 'gpt-4o-mini',
    daysAgo: 8,
    turns: [
      [
        'We are 14 people and want a two-day offsite in early spring. What should I decide first?',
        'Start with the three things everything else depends on:\n\n1. **Goal**: strategy, team bonding, or shipping a plan? It decides the agenda and the venue.\n2. **Budget per person**, travel included.\n3. **Dates**: send a poll with three options now; spring weeks fill up fast.\n\nOnce those are fixed, the venue shortlist almost writes itself.',
      ],
      [
        'The goal is mostly planning next year, with some time to relax. Budget is about 600 euros per person.',
        'That is a comfortable budget for two days. For planning plus downtime, look for a venue with:\n\n- one room that seats 14 around tables, with a screen\n- two or three breakout corners\n- something to do outdoors (a walk, a lake, a vineyard)\n- reachable by train in under three hours for most of the team\n\nRoughly: 250 € lodging and meals, 150 € travel, 100 € activities, and 100 € kept in reserve.',
      ],
      [
        'Can you draft a rough agenda?',
        '**Day 1**\n- 10:00 Arrival, coffee\n- 10:30 Where we stand: a 20-minute review, then questions\n- 12:30 Lunch\n- 14:00 Three themes for next year, in small groups\n- 16:00 Groups present, we vote\n- 17:30 Free time\n- 19:30 Dinner\n\n**Day 2**\n- 09:30 Turn the chosen themes into goals and owners\n- 11:30 Risks and what we stop doing\n- 12:30 Lunch and a walk\n- 14:30 Wrap-up, travel home',
      ],
      [
        'People always complain that these sessions drag on. How do I keep it lively?',
        'A few habits that work:\n\n- **Timebox everything** and show the timer on screen.\n- Put a **decision question** at the top of each session ("Which two themes do we fund?").\n- Keep presentations to **10 minutes**; the rest is discussion.\n- Rotate the facilitator so it is not always the manager speaking.\n- Schedule the hardest topic **before lunch**, not after.',
      ],
      [
        'Good. What should go into the invitation email?',
        'Keep it short and answer the questions people will ask anyway:\n\n- why we are going (one sentence on the goal)\n- dates, place, and how we travel\n- what is paid for, and what is not\n- what to prepare (e.g. "bring one idea for next year")\n- a deadline to confirm, and who to ask about diets or accessibility',
      ],
      [
        'Write that email for me, friendly but not too casual.',
        'Subject: Team offsite, 12–13 March: save the date\n\nHi all,\n\nWe are taking two days together in March to plan next year and to enjoy some time away from our screens.\n\n**When**: Thursday 12 and Friday 13 March\n**Where**: Lakeside Lodge, 2 h 20 by train; tickets are booked for you\n**Covered**: travel, lodging, all meals and activities\n**To prepare**: one idea you would like us to work on next year\n\nPlease confirm by 20 February and tell Sara about any dietary needs.\n\nLooking forward to it!',
      ],
      [
        'What could go wrong that I should plan for?',
        "The usual suspects:\n\n- **Late cancellations**: check the venue's policy before you sign.\n- **Weather**: have an indoor plan for the outdoor activity.\n- **Train strikes**: note a coach or car-pool fallback.\n- **Remote colleagues**: decide now whether anyone joins by video, and test the room's audio.\n- **No follow-up**: book a one-hour review two weeks after the offsite, before you leave.",
      ],
      [
        'One more thing: two colleagues are vegetarian and one has a nut allergy.',
        'Tell the venue in writing when you book, and again a week before. Ask them to label dishes at buffets, and check that the nut allergy is passed on to whoever runs the dinner, not only the kitchen. A small card at each meal with the allergens listed saves a lot of questions.',
      ],
      [
        'Should we invite the two freelancers who work with us?',
        "If they will help carry out next year's plan, yes, at least for Day 1. They bring an outside view and feel part of the team. Agree beforehand who pays for their time and travel, and keep any confidential budget or staffing discussion for Day 2, when it is only the core team.",
      ],
      [
        'How do I collect the ideas before the offsite?',
        'A short form works best, with three questions:\n\n1. What should we start doing next year?\n2. What should we stop doing?\n3. What is one thing that slows you down every week?\n\nClose it a week before, group the answers into themes, and use those themes for the Day 1 group work. People engage more when they recognise their own words.',
      ],
      [
        'What do we do if the groups all pick the same theme?',
        'Treat it as a signal rather than a problem: it is clearly what the team cares about. Split it into angles instead (customers, process, tools) and give each group one angle. You still get three different proposals, and the vote becomes about priorities within the theme.',
      ],
      [
        'Is a two-day format better than one long day?',
        'For planning, yes. The evening in between lets ideas settle, and the second morning is usually when people say what they really think. One long day tends to end with tired decisions at 17:00. If budget or travel makes two days hard, do one day on site and a half-day follow-up online a week later.',
      ],
      [
        'How do I make sure the decisions survive after we get back?',
        "Write them down before anyone leaves: each goal with one owner, a first step and a date. Share the page the same day, and put the two-week review in everyone's calendar. Then open every team meeting for the next month with a two-minute check on those goals.",
      ],
      [
        'Thanks, that is a solid plan.',
        'Glad it helps. If you like, send me the venue options once you have them and I will compare them against the budget and the agenda.',
      ],
    ],
  },
  {
    title: 'SQL for monthly active users',
    modelId: 'gpt-4o',
    daysAgo: 5,
    turns: [
      [
        'I have a table events(user_id, created_at, name). How do I count monthly active users?',
        "Count distinct users per calendar month:\n\n```sql\nselect date_trunc('month', created_at) as month,\n       count(distinct user_id)          as active_users\nfrom events\ngroup by 1\norder by 1;\n```\n\n`date_trunc` puts every event at the start of its month, and `count(distinct ...)` counts each user once per month.",
      ],
      [
        'Only the last 12 months, please, and months in Europe/Paris time.',
        "```sql\nselect date_trunc('month', created_at at time zone 'Europe/Paris') as month,\n       count(distinct user_id) as active_users\nfrom events\nwhere created_at >= date_trunc('month', now() at time zone 'Europe/Paris') - interval '11 months'\ngroup by 1\norder by 1;\n```\n\nThe filter is on `created_at` itself, so an index on `created_at` can still be used.",
      ],
      [
        'Some users only open the app and leave. Can I count only those who sent a message?',
        "Filter on the event name:\n\n```sql\nwhere name = 'message_sent'\n  and created_at >= ...\n```\n\nIf that is a common question, an index on `(name, created_at)` makes it fast even on a large table.",
      ],
      [
        'How do I show the growth compared to the previous month?',
        'Use a window function over the monthly counts:\n\n```sql\nwith monthly as (\n  -- the query above\n)\nselect month,\n       active_users,\n       round(100.0 * (active_users - lag(active_users) over (order by month))\n             / nullif(lag(active_users) over (order by month), 0), 1) as growth_pct\nfrom monthly\norder by month;\n```\n\n`nullif` avoids a division by zero for a month after an empty one.',
      ],
      [
        'The query takes 40 seconds on 200 million rows. Ideas?',
        'A few, from cheapest to most work:\n\n1. Check the plan with `explain (analyze, buffers)`: is the time spent scanning?\n2. Add the index `(name, created_at) include (user_id)` so the scan is index-only.\n3. Keep a small **daily rollup** table (`day, user_id`), filled each night; monthly counts then read a few million rows instead of 200 million.\n4. If an estimate is enough, `hll` (HyperLogLog) counts distinct users in a fraction of the time.',
      ],
      [
        "Let's do the daily rollup. What does the table look like?",
        "```sql\ncreate table daily_active (\n  day     date   not null,\n  user_id bigint not null,\n  primary key (day, user_id)\n);\n\ninsert into daily_active (day, user_id)\nselect distinct (created_at at time zone 'Europe/Paris')::date, user_id\nfrom events\nwhere name = 'message_sent'\n  and created_at >= now() - interval '2 days'\non conflict do nothing;\n```\n\nRunning it daily over the last two days makes it safe to re-run and catches late events.",
      ],
      [
        'Perfect, and the monthly count from that table?',
        "```sql\nselect date_trunc('month', day) as month,\n       count(distinct user_id)   as active_users\nfrom daily_active\nwhere day >= date_trunc('month', current_date) - interval '11 months'\ngroup by 1\norder by 1;\n```\n\nThis reads one row per user per active day, so it should answer in well under a second.",
      ],
      [
        'How do I schedule the rollup every night?',
        "If your Postgres has the `pg_cron` extension:\n\n```sql\nselect cron.schedule('daily-active', '15 2 * * *', $$\n  insert into daily_active (day, user_id)\n  select distinct (created_at at time zone 'Europe/Paris')::date, user_id\n  from events\n  where name = 'message_sent' and created_at >= now() - interval '2 days'\n  on conflict do nothing\n$$);\n```\n\nOtherwise any scheduler that can run `psql` works: a systemd timer, a Kubernetes CronJob, or your job queue.",
      ],
      [
        'And to fill it once with the history?',
        "Run the same insert without the two-day filter, one month at a time so each transaction stays small:\n\n```sql\ninsert into daily_active (day, user_id)\nselect distinct (created_at at time zone 'Europe/Paris')::date, user_id\nfrom events\nwhere name = 'message_sent'\n  and created_at >= '2025-01-01' and created_at < '2025-02-01'\non conflict do nothing;\n```\n\nRepeat for each month; `on conflict do nothing` makes re-running a month harmless.",
      ],
      [
        'Can I also get weekly active users from the same table?',
        "Yes, the same idea with weeks:\n\n```sql\nselect date_trunc('week', day) as week,\n       count(distinct user_id)  as active_users\nfrom daily_active\nwhere day >= current_date - interval '12 weeks'\ngroup by 1\norder by 1;\n```\n\nPostgres weeks start on Monday, which is usually what people expect in Europe.",
      ],
      [
        'What about the ratio of daily to monthly active users?',
        'The DAU/MAU ratio, often called stickiness:\n\n```sql\nwith dau as (\n  select day, count(*) as users from daily_active\n  where day >= current_date - 30 group by day\n), mau as (\n  select count(distinct user_id) as users from daily_active\n  where day >= current_date - 30\n)\nselect round(avg(dau.users)::numeric / mau.users, 3) as stickiness\nfrom dau, mau\ngroup by mau.users;\n```\n\nAround 0.2 is common for work tools; above 0.5 means people use it almost every day.',
      ],
      [
        'Our product team wants this in a dashboard. Any advice?',
        'Keep the dashboard reading the rollup, never the raw events, so it stays fast. Show three numbers with a sparkline each (DAU, WAU, MAU), the stickiness ratio, and the monthly chart with growth. Add a note saying days are in Europe/Paris time; otherwise someone will compare it with a UTC report and ask why the numbers differ.',
      ],
      [
        'Should I worry about deleted users in these counts?',
        'Decide what the number means and write it down. For product health, people who were active that month count even if they deleted their account later. If privacy rules require erasing them, delete their rows from `daily_active` too; the history will shift slightly, which is expected and fine to mention on the dashboard.',
      ],
      [
        'Thanks, this is exactly what I needed.',
        'Happy to help. Once the dashboard is live, it is worth checking the rollup against the raw query for one month, just to be sure both agree.',
      ],
    ],
  },
  {
    title: 'Explaining embeddings to sales',
    modelId: 'claude-3-5-sonnet',
    daysAgo: 1,
    turns: [
      [
        'I need to explain embeddings to our sales team in five minutes. No maths. Where do I start?',
        'Start with something they already know: a **map**.\n\nAn embedding turns a piece of text into a point on a huge map, placed so that texts with similar meaning end up close together. "Invoice overdue" lands near "payment late", far from "holiday photos". That is the whole idea; the rest is how we use the map.',
      ],
      [
        'Nice. How does that help our product, in one sentence they can repeat?',
        '"Our search understands what you mean, not just the words you typed, so customers find the right answer even when they phrase it differently."',
      ],
      [
        'They will ask how it is different from normal keyword search.',
        'Give them a side-by-side example:\n\n| Question | Keyword search | Meaning search |\n|---|---|---|\n| "cancel my plan" | finds pages with *cancel* and *plan* | also finds "end subscription" and "close account" |\n| "laptop won\'t turn on" | misses "device does not start" | finds it |\n\nKeyword search matches letters; embeddings match meaning. The best products use both.',
      ],
      [
        'Is the customer data safe when we do this?',
        "Honest answer for sales: the text is turned into numbers by a model; where that model runs is the important question. In our self-hosted set-up it runs on the customer's own infrastructure or a provider they choose, and the embeddings are stored in their own database. Nothing is shared with other customers.",
      ],
      [
        'Can you turn this into three slides?',
        '**Slide 1: A map of meaning**\nTexts become points; similar meaning, close together.\n\n**Slide 2: Why customers care**\nThey find answers in their own words. Side-by-side example: "cancel my plan" → "end subscription".\n\n**Slide 3: Safe by design**\nRuns where the customer decides; their data stays in their database.',
      ],
      [
        'Great. Can you suggest a title for the talk?',
        'A few options:\n\n- *Search that understands what you mean*\n- *From keywords to meaning*\n- *Why our customers find answers faster*\n\nA tip for the talk itself: do a live search with a question phrased badly on purpose. Seeing the right answer come back is more convincing than any slide.',
      ],
      [
        'What is a vector, if someone asks?',
        'Just the list of numbers that gives a text its place on the map, like coordinates. A street address has two numbers; an embedding has a few hundred or a thousand, which is what lets it capture shades of meaning.',
      ],
      [
        'Someone will ask if it works in other languages.',
        "Good news for sales: most modern embedding models are multilingual. A question in Spanish can find an answer written in English, because both land in the same area of the map. It is worth a quick test with the customer's own documents, though.",
      ],
      [
        'What are the limits I should be honest about?',
        'Three to mention:\n\n- It finds **related** text, not guaranteed-correct answers; the content still has to be right.\n- Very short queries (one word) give vaguer results than a real question.\n- Exact codes, part numbers and names are better found by keyword search, which is why we combine both.',
      ],
      [
        'How fast is it with a large knowledge base?',
        'Fast enough that users do not notice: searching millions of entries takes milliseconds with the right index. The slower step is preparing the documents the first time, which happens in the background when they are uploaded.',
      ],
      [
        'Do we need to retrain anything for each customer?',
        "No. The model is used as it is; only the customer's documents are turned into embeddings. Adding a document takes seconds, and removing it removes it from the search straight away.",
      ],
      [
        'Can you give me a 30-second version for the end of the talk?',
        '"Our search works like a map of meaning. Every document gets a place on it, close to others that say similar things. When a customer asks a question, we look at what lies nearby, so they find the right answer even when they use different words. And the map lives in the customer\'s own database."',
      ],
      [
        'What question should I expect from a technical buyer?',
        'Probably: "Which embedding model do you use, and can we choose our own?" The answer is yes: any OpenAI-compatible embeddings endpoint works, including models they host themselves. Have the settings page ready to show.',
      ],
      [
        'Perfect. I feel ready now.',
        'You are well prepared. Keep the live demo short, let the example do the talking, and leave time for questions: that is where the deals are usually decided.',
      ],
    ],
  },
]
