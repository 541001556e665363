import { defineServer, tool } from "./define-server.js";
import { bool, int, list, num, oneOf, str } from "./schema.js";

const uris = list(str("Spotify URI, e.g. `spotify:track:4iV5W9uYEdYUVa79Axb7Rh`."), "Items.");
const deviceId = str("Device to act on; the active device when omitted.");

const tools = [
  tool(
    "search",
    "Search the Spotify catalog for tracks, albums, artists, playlists, shows or episodes. Returns names, IDs, URIs and popularity for each match.",
    {
      q: str("Search text; supports `artist:`, `album:`, `year:` and `genre:` filters."),
      type: list(oneOf(["track", "album", "artist", "playlist", "show", "episode"], "Type."), "Types to search.", {
        minItems: 1,
      }),
      "limit?": int("Max results per type, 1-50.", { minimum: 1, maximum: 50 }),
      "market?": str("ISO country code."),
    },
  ),
  tool(
    "start_playback",
    "Start or resume Spotify playback on a device, optionally of a given album, playlist or list of tracks. Requires Spotify Premium and an active device.",
    {
      "context_uri?": str("Album, artist or playlist URI."),
      "uris?": uris,
      "position_ms?": int("Where to start in the first track."),
      "device_id?": deviceId,
    },
  ),
  tool("pause_playback", "Pause playback on the user's active Spotify device. Requires Spotify Premium.", {
    "device_id?": deviceId,
  }),
  tool("skip_to_next", "Skip to the next track in the user's Spotify queue. Requires Spotify Premium.", {
    "device_id?": deviceId,
  }),
  tool(
    "add_to_queue",
    "Add a track or episode to the end of the user's Spotify playback queue. Requires Spotify Premium and an active device.",
    { uri: str("Track or episode URI."), "device_id?": deviceId },
  ),
  tool(
    "get_currently_playing",
    "Get the track or episode currently playing on the user's Spotify account, with progress and device. Returns nothing when playback is stopped.",
    {},
  ),
  tool(
    "create_playlist",
    "Create a Spotify playlist for the user, public or private, optionally collaborative. Returns the playlist ID and URL.",
    {
      name: str("Playlist name."),
      "description?": str("Playlist description."),
      "public?": bool("Visible on the profile.", { default: false }),
      "collaborative?": bool("Others can add tracks."),
    },
  ),
  tool(
    "add_tracks_to_playlist",
    "Add tracks or episodes to a Spotify playlist at a position. At most 100 items per request.",
    {
      playlist_id: str("Playlist ID."),
      uris,
      "position?": int("Zero-based insert position; appended when omitted."),
    },
  ),
  tool(
    "get_recommendations",
    "Get Spotify track recommendations from seed artists, tracks or genres, tuned by audio features like energy, danceability and tempo. At most five seeds may be combined.",
    {
      "seed_artists?": list(str("Artist ID."), "Up to 5 seeds in total."),
      "seed_tracks?": list(str("Track ID."), "Seed tracks."),
      "seed_genres?": list(str("Genre."), "Seed genres."),
      "target_energy?": num("0.0-1.0.", { minimum: 0, maximum: 1 }),
      "target_danceability?": num("0.0-1.0.", { minimum: 0, maximum: 1 }),
      "target_tempo?": num("BPM."),
      "limit?": int("1-100.", { maximum: 100 }),
    },
  ),
  tool(
    "set_volume",
    "Set the playback volume on the user's Spotify device as a percentage. Some devices, such as phones, ignore remote volume changes.",
    {
      volume_percent: int("0-100.", { minimum: 0, maximum: 100 }),
      "device_id?": deviceId,
    },
  ),
  tool(
    "get_top_items",
    "Get the user's top artists or tracks on Spotify over the last 4 weeks, 6 months or several years. Ranked by how often the user played them.",
    {
      type: oneOf(["artists", "tracks"], "What to rank."),
      "time_range?": oneOf(["short_term", "medium_term", "long_term"], "Period.", { default: "medium_term" }),
      "limit?": int("1-50.", { maximum: 50 }),
    },
  ),
];

export const spotify = defineServer("spotify", tools, {
  direct: {
    search: ["search spotify for the album Rumours by Fleetwood Mac"],
    start_playback: ["start playback of my Discover Weekly playlist on spotify"],
    add_to_queue: ["add Dreams to my spotify queue"],
    create_playlist: ["create a private spotify playlist called Focus"],
    get_recommendations: ["get spotify recommendations like Khruangbin with high danceability"],
    get_top_items: ["what are my top artists on spotify this month"],
  },
  paraphrase: {
    start_playback: ["put on some Fleetwood Mac"],
    pause_playback: ["stop the music for a sec"],
    skip_to_next: ["I hate this song, go on to the following one"],
    add_to_queue: ["after this, play Dreams"],
    get_currently_playing: ["what song is this?"],
    add_tracks_to_playlist: ["save Dreams and Landslide into my Focus mix"],
    get_recommendations: ["suggest upbeat songs similar to khruangbin"],
    set_volume: ["turn it down to 20%"],
    get_top_items: ["who have I listened to most lately"],
  },
});
