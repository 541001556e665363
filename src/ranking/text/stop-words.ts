/**
 * English function words that carry no meaning for tool retrieval, plus the filler
 * users type when asking an agent for something ("please", "can you"). Written for
 * toolsift; deliberately short so that domain words like "list" or "get" survive.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most
  my myself no nor not of off on once only or other our ours ourselves out over own same she should so
  some such than that the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves please could would kindly want need like let lets i'd i'm me via using use`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
