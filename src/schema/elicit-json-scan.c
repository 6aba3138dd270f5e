/* elicit-json-scan.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-json-private.h"

/*
 * json-glib 1.6 is not safe on untrusted text by itself: about 100,000 nested
 * brackets overflow its stack, integers past int64 wrap around, 1e400 becomes
 * infinity, "\u0000" cuts a string short, 010 is read as octal 8, and 0x10,
 * $10, 'single quotes' and comments are accepted. An object that repeats a
 * member name costs it a linear search per repetition, so a few megabytes of
 * repeated names take hours. Its JsonParser is also slow: a GScanner, a token
 * peeked and copied at a time.
 *
 * So every text is read here in one pass, against strict RFC 8259 plus our
 * limits. elicit_json_check() only checks: it does not allocate per
 * character, container levels live on the stack (or one array for deep
 * limits), and member names are remembered as pointers into the text.
 * elicit_json_parse() makes the same pass and builds the JsonNode tree as it
 * goes, exactly as JsonParser would have built it from the same text (see
 * tests/test-json.c and tests/fuzz/fuzz-json.c, which compare the two): each
 * value is attached to its parent as soon as it starts, so on an error
 * freeing the root frees everything.
 */

/**
 * elicit_json_error_quark:
 *
 * The error domain of [func@json_check] and [func@json_parse].
 *
 * Returns: the quark of %ELICIT_JSON_ERROR
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-json-error-quark, elicit_json_error)

/* Names of an object are compared linearly up to this many, then hashed. */
#define SMALL_NAMES 8

typedef struct
{
  gboolean    is_object;
  /* The member names seen so far. */
  guint       n_names;
  const char *names[SMALL_NAMES];
  GHashTable *table;
  /* Building: the container being filled. */
  JsonNode   *node;
  JsonObject *object;
  JsonArray  *array;
} Level;

/* Building: a string being decoded, on the stack while it is short. */
typedef struct
{
  char  *str;
  gsize  len;
  gsize  size;
  char   small[256];
} Buffer;

typedef struct
{
  const guchar  *start;
  const guchar  *p;
  const guchar  *end;
  guint          max_depth;
  guint          depth;
  guint          n_initialized;
  guint          n_values;
  guint          n_objects;
  Level         *levels;
  GError       **error;
  /* Building: the tree so far, the last member name and string, decoded. */
  gboolean       build;
  JsonNode      *root;
  Buffer        *name;
  Buffer        *text;
  /* Indexing: where the members of the first two object levels go, and the
   * member of each level whose value is being read (-1: none). */
  ElicitJsonIndex *index;
  int            open_member[3];
  /* Just past the last string the quick path read: it had no escape. */
  const guchar  *plain_end;
} Scanner;

enum
{
  C_PLAIN,
  C_QUOTE,
  C_BACKSLASH,
  C_CONTROL,
  C_LEAD2,
  C_LEAD3,
  C_LEAD4,
  C_BAD,
};

/* How each byte behaves inside a string. */
static const guint8 string_class[256] = {
  [0x00 ... 0x1f] = C_CONTROL,
  ['"'] = C_QUOTE,
  ['\\'] = C_BACKSLASH,
  [0x80 ... 0xc1] = C_BAD,
  [0xc2 ... 0xdf] = C_LEAD2,
  [0xe0 ... 0xef] = C_LEAD3,
  [0xf0 ... 0xf4] = C_LEAD4,
  [0xf5 ... 0xff] = C_BAD,
};

/* What each one-letter escape stands for. */
static const char unescaped[256] = {
  ['"'] = '"', ['\\'] = '\\', ['/'] = '/',
  ['b'] = '\b', ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t',
};

#define IS_CONT(c) (((c) & 0xc0) == 0x80)

static gulong
offset_of (Scanner      *s,
           const guchar *p)
{
  return (gulong) (p - s->start);
}

static gboolean fail (Scanner         *s,
                      ElicitJsonError  code,
                      const char      *format,
                      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Scanner         *s,
      ElicitJsonError  code,
      const char      *format,
      ...)
{
  va_list args;

  if (s->error == NULL)
    return FALSE;

  va_start (args, format);
  *s->error = g_error_new_valist (ELICIT_JSON_ERROR, code, format, args);
  va_end (args);

  return FALSE;
}

static gboolean
fail_unexpected (Scanner      *s,
                 const guchar *p)
{
  if (p >= s->end)
    return fail (s, ELICIT_JSON_ERROR_INVALID, _("Not valid JSON: the text ends too early"));

  if (g_ascii_isgraph (*p))
    return fail (s, ELICIT_JSON_ERROR_INVALID,
                 _("Not valid JSON: unexpected “%c” at byte %lu"),
                 *p, offset_of (s, p));

  return fail (s, ELICIT_JSON_ERROR_INVALID,
               _("Not valid JSON: unexpected character at byte %lu"),
               offset_of (s, p));
}

static void
buffer_init (Buffer *buffer)
{
  buffer->str = buffer->small;
  buffer->len = 0;
  buffer->size = sizeof buffer->small;
}

/* Always leaves room for a NUL after the text. */
static void
buffer_append (Buffer     *buffer,
               const void *data,
               gsize       n)
{
  if (buffer->size - buffer->len <= n)
    {
      gsize size = MAX (buffer->size * 2, buffer->len + n + 1);

      if (buffer->str == buffer->small)
        buffer->str = memcpy (g_malloc (size), buffer->small, buffer->len);
      else
        buffer->str = g_realloc (buffer->str, size);
      buffer->size = size;
    }

  memcpy (buffer->str + buffer->len, data, n);
  buffer->len += n;
}

static void
buffer_clear (Buffer *buffer)
{
  if (buffer->str != buffer->small)
    g_free (buffer->str);
}

static inline void
skip_space (Scanner *s)
{
  const guchar *p = s->p;

  /* Most JSON on the wire has no space at all: one test for that. */
  if (G_LIKELY (p < s->end && *p > ' '))
    return;

  while (p < s->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;

  s->p = p;
}

/* Building: @node becomes the root, the next element of the open array, or
 * the member of the open object named by the last name read. */
static void
add_node (Scanner  *s,
          JsonNode *node)
{
  Level *parent;

  if (s->depth == 0)
    {
      s->root = node;
      return;
    }

  parent = &s->levels[s->depth - 1];
  json_node_set_parent (node, parent->node);
  if (parent->is_object)
    json_object_set_member (parent->object, s->name->str, node);
  else
    json_array_add_element (parent->array, node);
}

static gboolean
read_hex4 (const guchar *p,
           const guchar *end,
           gunichar     *out)
{
  gunichar value = 0;

  if (end - p < 4)
    return FALSE;

  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return FALSE;
      value = (value << 4) | (gunichar) digit;
    }

  *out = value;
  return TRUE;
}

static inline gunichar
combine_surrogates (gunichar high,
                    gunichar low)
{
  return 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
}

/*
 * @p points at a backslash inside a string; on success it points past the
 * escape, and what the escape stands for is appended to @out, if given.
 */
static gboolean
scan_escape (Scanner       *s,
             const guchar **pp,
             Buffer        *out)
{
  const guchar *p = *pp;
  gunichar c, low;

  if (s->end - p < 2)
    return fail_unexpected (s, s->end);

  switch (p[1])
    {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
      if (out != NULL)
        buffer_append (out, &unescaped[p[1]], 1);
      *pp = p + 2;
      return TRUE;

    case 'u':
      if (!read_hex4 (p + 2, s->end, &c))
        return fail (s, ELICIT_JSON_ERROR_INVALID,
                     _("Not valid JSON: a broken “\\u” escape at byte %lu"),
                     offset_of (s, p));
      if (c == 0)
        return fail (s, ELICIT_JSON_ERROR_NUL_IN_STRING,
                     _("A JSON string contains a NUL character (\\u0000) at byte %lu"),
                     offset_of (s, p));
      *pp = p + 6;
      if (c >= 0xd800 && c <= 0xdbff && s->end - p >= 12 && p[6] == '\\' &&
          p[7] == 'u' && read_hex4 (p + 8, s->end, &low) &&
          low >= 0xdc00 && low <= 0xdfff)
        {
          c = combine_surrogates (c, low);
          *pp = p + 12;
        }
      else if (c >= 0xd800 && c <= 0xdfff)
        {
          /* A lone surrogate is valid JSON (RFC 8259 §8.2), and a JavaScript
           * server writes one when it cuts an emoji in half: it becomes
           * U+FFFD, as a UTF-8 encoder makes it. */
          c = 0xfffd;
        }
      if (out != NULL)
        {
          char utf8[6];

          buffer_append (out, utf8, g_unichar_to_utf8 (c, utf8));
        }
      return TRUE;

    default:
      if (g_ascii_isgraph (p[1]))
        return fail (s, ELICIT_JSON_ERROR_INVALID,
                     _("Not valid JSON: an unknown escape “\\%c” at byte %lu"),
                     p[1], offset_of (s, p));
      return fail (s, ELICIT_JSON_ERROR_INVALID,
                   _("Not valid JSON: an unknown escape at byte %lu"),
                   offset_of (s, p));
    }

}

#define ONES  G_GUINT64_CONSTANT (0x0101010101010101)
#define HIGHS G_GUINT64_CONSTANT (0x8080808080808080)

/* The high bit of each of the 8 bytes in @v (little-endian) that is not
 * C_PLAIN: below 0x20, a quote, a backslash or not ASCII. A borrow can mark
 * a byte above a marked one wrongly, never one below: the lowest mark is
 * the first such byte. */
static inline guint64
special_bytes (guint64 v)
{
  guint64 quote = v ^ (ONES * '"');
  guint64 backslash = v ^ (ONES * '\\');
  guint64 control = (v - ONES * 0x20) & ~v;

  quote = (quote - ONES) & ~quote;
  backslash = (backslash - ONES) & ~backslash;

  return (control | quote | backslash | v) & HIGHS;
}

/*
 * s->p points at the opening quote; on success, past the closing one. When
 * @out is given, it is set to the string, decoded and NUL-terminated: runs of
 * plain text are copied as they are, escapes as what they stand for.
 */
static gboolean
scan_string (Scanner *s,
             Buffer  *out)
{
  const guchar *p = s->p + 1;
  const guchar *run = p;
  const guchar *end = s->end;

  if (out != NULL)
    out->len = 0;

  for (;;)
    {
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
      /* Plain text eight bytes at a time, up to the first byte that is not. */
      while (end - p >= 8)
        {
          guint64 v, special;

          memcpy (&v, p, sizeof v);
          special = special_bytes (v);
          if (special != 0)
            {
              p += __builtin_ctzll (special) / 8;
              break;
            }
          p += 8;
        }
#endif

      while (p < end && string_class[*p] == C_PLAIN)
        p++;

      if (p >= end)
        return fail (s, ELICIT_JSON_ERROR_INVALID,
                     _("Not valid JSON: the string at byte %lu is not closed"),
                     offset_of (s, s->p));

      switch (string_class[*p])
        {
        case C_QUOTE:
          if (out != NULL)
            {
              buffer_append (out, run, p - run);
              out->str[out->len] = '\0';
            }
          s->p = p + 1;
          return TRUE;

        case C_BACKSLASH:
          if (out != NULL)
            buffer_append (out, run, p - run);
          if (!scan_escape (s, &p, out))
            return FALSE;
          run = p;
          break;

        case C_CONTROL:
          return fail (s, ELICIT_JSON_ERROR_INVALID,
                       _("Not valid JSON: a control character inside a string at byte %lu"),
                       offset_of (s, p));

        case C_LEAD2:
          if (end - p < 2 || !IS_CONT (p[1]))
            goto bad_utf8;
          p += 2;
          break;

        case C_LEAD3:
          if (end - p < 3 || !IS_CONT (p[2]))
            goto bad_utf8;
          if (p[0] == 0xe0 ? (p[1] < 0xa0 || p[1] > 0xbf)
              : p[0] == 0xed ? (p[1] < 0x80 || p[1] > 0x9f)
              : !IS_CONT (p[1]))
            goto bad_utf8;
          p += 3;
          break;

        case C_LEAD4:
          if (end - p < 4 || !IS_CONT (p[2]) || !IS_CONT (p[3]))
            goto bad_utf8;
          if (p[0] == 0xf0 ? (p[1] < 0x90 || p[1] > 0xbf)
              : p[0] == 0xf4 ? (p[1] < 0x80 || p[1] > 0x8f)
              : !IS_CONT (p[1]))
            goto bad_utf8;
          p += 4;
          break;

        case C_BAD:
        default:
          goto bad_utf8;
        }
    }

bad_utf8:
  return fail (s, ELICIT_JSON_ERROR_INVALID_UTF8,
               _("Not valid UTF-8 at byte %lu"), offset_of (s, p));
}

/*
 * scan_string() when only checking, for the common string: plain text and
 * its closing quote within the text, found eight bytes at a time without a
 * call. Anything else (an escape, non-ASCII, a control character, the end
 * of the text near) goes to scan_string() from the start.
 */
static inline gboolean
scan_string_quick (Scanner *s,
                   Buffer  *out)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  const guchar *p = s->p + 1;

  if (out == NULL)
    while (s->end - p >= 8)
      {
        guint64 v, special;

        memcpy (&v, p, sizeof v);
        special = special_bytes (v);
        if (special == 0)
          {
            p += 8;
            continue;
          }
        p += __builtin_ctzll (special) / 8;
        if (*p != '"')
          break;
        s->p = s->plain_end = p + 1;
        return TRUE;
      }

  /* The last few bytes of the text, one at a time: a line's last string
   * ends there. */
  if (out == NULL && s->end - p < 8)
    {
      while (p < s->end && string_class[*p] == C_PLAIN)
        p++;
      if (p < s->end && *p == '"')
        {
          s->p = s->plain_end = p + 1;
          return TRUE;
        }
    }
#endif

  return scan_string (s, out);
}

/* The number between @start and @end, which has a fraction or an exponent. */
static gboolean
read_double (Scanner      *s,
             const guchar *start,
             const guchar *end,
             double       *out)
{
  char buf[64];
  g_autofree char *copy = NULL;
  gsize len = (gsize) (end - start);
  const char *text;

  if (len < sizeof buf)
    {
      memcpy (buf, start, len);
      buf[len] = '\0';
      text = buf;
    }
  else
    text = copy = g_strndup ((const char *) start, len);

  *out = g_ascii_strtod (text, NULL);
  if (!isfinite (*out))
    return fail (s, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
                 _("The number at byte %lu is too large"), offset_of (s, start));

  return TRUE;
}

/* @magnitude is at most 2^63 when @negative, 2^63 - 1 otherwise. */
static gint64
to_int64 (guint64  magnitude,
          gboolean negative)
{
  if (!negative)
    return (gint64) magnitude;
  if (magnitude == 0)
    return 0;
  return -(gint64) (magnitude - 1) - 1;
}

/* s->p points at '-' or a digit. */
static gboolean
scan_number (Scanner *s)
{
  const guchar *start = s->p;
  const guchar *p = s->p;
  const guchar *end = s->end;
  gboolean negative = FALSE;
  gboolean is_float = FALSE;
  gboolean overflow = FALSE;
  guint64 value = 0;
  double number = 0.0;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }

  if (p >= end || !g_ascii_isdigit (*p))
    return fail_unexpected (s, p);

  if (*p == '0')
    {
      p++;
      /* json-glib would read 010 as octal 8. */
      if (p < end && g_ascii_isdigit (*p))
        return fail (s, ELICIT_JSON_ERROR_INVALID,
                     _("Not valid JSON: a number with a leading zero at byte %lu"),
                     offset_of (s, start));
    }
  else
    {
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          guint digit = *p - '0';

          if (value > (G_MAXUINT64 - digit) / 10)
            overflow = TRUE;
          else
            value = value * 10 + digit;
        }
    }

  if (p < end && *p == '.')
    {
      is_float = TRUE;
      p++;
      if (p >= end || !g_ascii_isdigit (*p))
        return fail_unexpected (s, p);
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }

  if (p < end && (*p == 'e' || *p == 'E'))
    {
      is_float = TRUE;
      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      if (p >= end || !g_ascii_isdigit (*p))
        return fail_unexpected (s, p);
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }

  if (is_float)
    {
      if (!read_double (s, start, p, &number))
        return FALSE;
    }
  else
    {
      guint64 limit = negative ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64;

      if (overflow || value > limit)
        return fail (s, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
                     _("The integer at byte %lu does not fit in 64 bits"),
                     offset_of (s, start));
    }

  /* As JsonParser: a fraction or an exponent makes a double, even 1.0; "-0"
   * is the integer 0 and "-0.0" the double -0.0. */
  if (s->build)
    add_node (s, is_float ? json_node_init_double (json_node_alloc (), number)
                          : json_node_init_int (json_node_alloc (), to_int64 (value, negative)));

  s->p = p;
  return TRUE;
}

static gboolean
scan_literal (Scanner    *s,
              const char *word,
              gsize       len)
{
  if ((gsize) (s->end - s->p) < len || memcmp (s->p, word, len) != 0)
    return fail_unexpected (s, s->p);

  s->p += len;
  if (!s->build)
    return TRUE;

  if (word[0] == 'n')
    add_node (s, json_node_init_null (json_node_alloc ()));
  else
    add_node (s, json_node_init_boolean (json_node_alloc (), word[0] == 't'));

  return TRUE;
}

/*
 * Member names are remembered as pointers to their first byte after the
 * opening quote, in text that has already been checked; they are compared
 * decoded, so "a" and "\u0061" are the same name. (Building, too: for the
 * few names most objects have, this is quicker than asking the JsonObject.)
 */
typedef struct
{
  const guchar *p;
  guchar        buf[4];
  guint         n;
  guint         i;
} NameIter;

static int
name_iter_next (NameIter *it)
{
  gunichar c, low;

  if (it->i < it->n)
    return it->buf[it->i++];

  if (*it->p == '"')
    return -1;

  if (*it->p != '\\')
    return *it->p++;

  c = it->p[1];
  it->p += 2;
  switch (c)
    {
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'u':
      read_hex4 (it->p, it->p + 4, &c);
      it->p += 4;
      /* As scan_escape() reads it: the text was checked already. */
      if (c >= 0xd800 && c <= 0xdbff && it->p[0] == '\\' && it->p[1] == 'u' &&
          read_hex4 (it->p + 2, it->p + 6, &low) && low >= 0xdc00 && low <= 0xdfff)
        {
          it->p += 6;
          c = combine_surrogates (c, low);
        }
      else if (c >= 0xd800 && c <= 0xdfff)
        c = 0xfffd;
      it->n = (guint) g_unichar_to_utf8 (c, (char *) it->buf);
      it->i = 1;
      return it->buf[0];
    default:
      return (int) c;
    }
}

static guint
name_hash (gconstpointer key)
{
  NameIter it = { key, { 0 }, 0, 0 };
  guint hash = 5381;
  int c;

  while ((c = name_iter_next (&it)) >= 0)
    hash = hash * 33 + (guint) c;

  return hash;
}

static gboolean
name_equal_decoded (gconstpointer a,
                    gconstpointer b)
{
  NameIter ia = { a, { 0 }, 0, 0 };
  NameIter ib = { b, { 0 }, 0, 0 };
  int ca, cb;

  do
    {
      ca = name_iter_next (&ia);
      cb = name_iter_next (&ib);
      if (ca != cb)
        return FALSE;
    }
  while (ca >= 0);

  return TRUE;
}

static gboolean
name_equal (gconstpointer a,
            gconstpointer b)
{
  const guchar *pa = a;
  const guchar *pb = b;

  /* Names without escapes, most of them, compare as they are written. */
  while (*pa == *pb && *pa != '"' && *pa != '\\')
    pa++, pb++;

  if (*pa == '\\' || *pb == '\\')
    return name_equal_decoded (a, b);

  return *pa == '"' && *pb == '"';
}

static gboolean
fail_duplicate (Scanner      *s,
                const guchar *quote)
{
  return fail (s, ELICIT_JSON_ERROR_DUPLICATE_NAME,
               _("A JSON object repeats the member name at byte %lu"),
               offset_of (s, quote));
}

/* The names of an object with more than SMALL_NAMES, in a hash table. */
static G_NO_INLINE gboolean
remember_many_names (Scanner      *s,
                     Level        *level,
                     const guchar *quote)
{
  if (level->n_names == SMALL_NAMES)
    {
      if (level->table == NULL)
        level->table = g_hash_table_new (name_hash, name_equal);
      for (guint i = 0; i < SMALL_NAMES; i++)
        g_hash_table_add (level->table, (gpointer) level->names[i]);
    }

  if (!g_hash_table_add (level->table, (gpointer) quote + 1))
    return fail_duplicate (s, quote);

  level->n_names++;
  return TRUE;
}

static G_ALWAYS_INLINE inline gboolean
remember_name (Scanner      *s,
               Level        *level,
               const guchar *quote)
{
  const char *name = (const char *) quote + 1;

  if (G_UNLIKELY (level->n_names >= SMALL_NAMES))
    return remember_many_names (s, level, quote);

  /* Names mostly differ in their first byte, which an escape hides. */
  for (guint i = 0; i < level->n_names; i++)
    if ((level->names[i][0] == name[0] || level->names[i][0] == '\\' || name[0] == '\\') &&
        name_equal (level->names[i], name))
      return fail_duplicate (s, quote);

  level->names[level->n_names++] = name;
  return TRUE;
}

static G_ALWAYS_INLINE inline gboolean
push (Scanner        *s,
      gboolean        is_object,
      const gboolean  build)
{
  Level *level;

  if (s->depth >= s->max_depth)
    return fail (s, ELICIT_JSON_ERROR_TOO_DEEP,
                 _("JSON nested deeper than %u levels"), s->max_depth);

  level = &s->levels[s->depth];
  if (s->depth == s->n_initialized)
    {
      level->table = NULL;
      s->n_initialized++;
    }

  level->is_object = is_object;
  level->n_names = 0;
  if (level->table != NULL && g_hash_table_size (level->table) > 0)
    g_hash_table_remove_all (level->table);

  if (build)
    {
      level->node = json_node_new (is_object ? JSON_NODE_OBJECT : JSON_NODE_ARRAY);
      if (is_object)
        json_node_take_object (level->node, level->object = json_object_new ());
      else
        json_node_take_array (level->node, level->array = json_array_new ());
      add_node (s, level->node);
    }

  s->depth++;
  s->p++;
  return TRUE;
}

/*
 * Indexing: the name starting at @quote was just read at depth 1 or 2, and
 * s->p is at its value. Members of an object inside an array, or past the
 * index's room, are not recorded; the index then says it is not complete.
 */
static void
index_member (Scanner      *s,
              const guchar *quote,
              const guchar *closing_quote)
{
  ElicitJsonIndex *index = s->index;
  ElicitJsonMember *member;

  if (!s->levels[0].is_object)
    return;
  if (index->n_members == ELICIT_JSON_INDEX_SIZE)
    {
      index->complete = FALSE;
      return;
    }

  member = &index->members[index->n_members];
  member->name = (const char *) quote + 1;
  member->name_end = (const char *) closing_quote;
  /* A name the quick path read has no escape: no second look. */
  member->escaped = s->plain_end != closing_quote + 1 &&
                    memchr (member->name, '\\', member->name_end - member->name) != NULL;
  member->plain = FALSE;
  member->parent = s->depth == 1 ? -1 : s->open_member[1];
  member->value = (const char *) s->p;
  member->value_end = NULL;
  s->open_member[s->depth] = (int) index->n_members++;
}

/*
 * The one pass. @build and @indexed are constants in each of the three
 * copies below, so checking a line for the index tests neither per value.
 */
static G_ALWAYS_INLINE inline gboolean
scan_as (Scanner        *s,
         const gboolean  build,
         const gboolean  indexed)
{
  skip_space (s);
  if (s->p >= s->end)
    return fail (s, ELICIT_JSON_ERROR_INVALID, _("Not valid JSON: the text is empty"));

value:
  skip_space (s);
  if (s->p >= s->end)
    return fail_unexpected (s, s->p);

  if (++s->n_values > ELICIT_JSON_MAX_VALUES)
    return fail (s, ELICIT_JSON_ERROR_TOO_MANY_VALUES,
                 _("JSON holding more than %u values"), (guint) ELICIT_JSON_MAX_VALUES);

  switch (*s->p)
    {
    case '{':
      if (++s->n_objects > ELICIT_JSON_MAX_OBJECTS)
        return fail (s, ELICIT_JSON_ERROR_TOO_MANY_VALUES,
                     _("JSON holding more than %u objects"), (guint) ELICIT_JSON_MAX_OBJECTS);
      if (!push (s, TRUE, build))
        return FALSE;
      skip_space (s);
      if (s->p < s->end && *s->p == '}')
        goto close;
      goto name;

    case '[':
      if (!push (s, FALSE, build))
        return FALSE;
      skip_space (s);
      if (s->p < s->end && *s->p == ']')
        goto close;
      goto value;

    case '"':
      if (!scan_string_quick (s, build ? s->text : NULL))
        return FALSE;
      if (build)
        add_node (s, json_node_init_string (json_node_alloc (), s->text->str));
      goto after;

    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      if (!scan_number (s))
        return FALSE;
      goto after;

    case 't':
      if (!scan_literal (s, "true", 4))
        return FALSE;
      goto after;

    case 'f':
      if (!scan_literal (s, "false", 5))
        return FALSE;
      goto after;

    case 'n':
      if (!scan_literal (s, "null", 4))
        return FALSE;
      goto after;

    default:
      return fail_unexpected (s, s->p);
    }

name:
  {
    const guchar *quote = s->p;
    const guchar *closing_quote;

    if (s->p >= s->end || *s->p != '"')
      return fail_unexpected (s, s->p);
    if (!scan_string_quick (s, build ? s->name : NULL) ||
        !remember_name (s, &s->levels[s->depth - 1], quote))
      return FALSE;
    closing_quote = s->p - 1;
    skip_space (s);
    if (s->p >= s->end || *s->p != ':')
      return fail_unexpected (s, s->p);
    s->p++;
    if (indexed && s->depth <= 2)
      {
        skip_space (s);
        index_member (s, quote, closing_quote);
      }
    goto value;
  }

close:
  s->p++;
  s->depth--;

after:
  if (indexed && s->depth >= 1 && s->depth <= 2 && s->open_member[s->depth] >= 0)
    {
      ElicitJsonMember *member = &s->index->members[s->open_member[s->depth]];

      member->value_end = (const char *) s->p;
      /* Only a string ends where the quick path's last string did. */
      member->plain = s->plain_end == s->p;
      s->open_member[s->depth] = -1;
    }
  skip_space (s);
  if (s->depth == 0)
    {
      if (s->p < s->end)
        return fail (s, ELICIT_JSON_ERROR_INVALID,
                     _("Not valid JSON: more text after the end at byte %lu"),
                     offset_of (s, s->p));
      return TRUE;
    }

  if (s->p >= s->end)
    return fail_unexpected (s, s->p);

  if (*s->p == ',')
    {
      s->p++;
      skip_space (s);
      if (s->levels[s->depth - 1].is_object)
        goto name;
      goto value;
    }

  if (*s->p == (s->levels[s->depth - 1].is_object ? '}' : ']'))
    goto close;

  return fail_unexpected (s, s->p);
}

static gboolean
scan_checking (Scanner *s)
{
  return scan_as (s, FALSE, FALSE);
}

static gboolean
scan_indexing (Scanner *s)
{
  return scan_as (s, FALSE, TRUE);
}

static gboolean
scan_building (Scanner *s)
{
  return scan_as (s, TRUE, FALSE);
}

/* Checks @data, and builds its tree into @root or indexes its members into
 * @index when they are given. */
static gboolean
scan_text (const char       *data,
           gssize            length,
           guint             max_depth,
           JsonNode        **root,
           ElicitJsonIndex  *index,
           GError          **error)
{
  Level stack_levels[ELICIT_JSON_DEFAULT_MAX_DEPTH];
  g_autofree Level *heap_levels = NULL;
  Scanner s = { 0 };
  Buffer name, text;
  gboolean ok;

  /* Nothing both builds and indexes. */
  g_assert (root == NULL || index == NULL);

  elicit_ensure_i18n ();

  if (length < 0)
    length = (gssize) strlen (data);
  if (max_depth == 0)
    max_depth = ELICIT_JSON_DEFAULT_MAX_DEPTH;
  max_depth = MIN (max_depth, ELICIT_JSON_MAX_DEPTH_LIMIT);

  s.start = s.p = (const guchar *) (data != NULL ? data : "");
  s.end = s.start + length;
  s.max_depth = max_depth;
  s.error = error;
  if (max_depth <= G_N_ELEMENTS (stack_levels))
    s.levels = stack_levels;
  else
    s.levels = heap_levels = g_new (Level, max_depth);

  if (root != NULL)
    {
      s.build = TRUE;
      buffer_init (s.name = &name);
      buffer_init (s.text = &text);
    }

  if (index != NULL)
    {
      s.index = index;
      s.open_member[0] = s.open_member[1] = s.open_member[2] = -1;
      index->n_members = 0;
      index->complete = TRUE;
      skip_space (&s);
      index->is_object = s.p < s.end && *s.p == '{';
    }

  if (s.build)
    ok = scan_building (&s);
  else if (s.index != NULL)
    ok = scan_indexing (&s);
  else
    ok = scan_checking (&s);

  for (guint i = 0; i < s.n_initialized; i++)
    g_clear_pointer (&s.levels[i].table, g_hash_table_unref);

  if (root != NULL)
    {
      buffer_clear (&name);
      buffer_clear (&text);
      if (!ok)
        g_clear_pointer (&s.root, json_node_unref);
      *root = s.root;
    }

  return ok;
}

/**
 * elicit_json_check:
 * @data: the text
 * @length: its length in bytes, or -1 when @data ends with a NUL
 * @max_depth: how deep arrays and objects may nest; 0 means
 *   %ELICIT_JSON_DEFAULT_MAX_DEPTH; larger than %ELICIT_JSON_MAX_DEPTH_LIMIT
 *   means that limit
 * @error: where to report why @data is refused
 *
 * Checks in one pass that @data is one strict RFC 8259 JSON value that
 * json-glib will read exactly: valid UTF-8, nesting within @max_depth, no
 * `\u0000`, integers within int64, finite numbers,
 * no member name twice in one object, and at most %ELICIT_JSON_MAX_VALUES
 * values and %ELICIT_JSON_MAX_OBJECTS objects. Allocates nothing per value.
 *
 * Returns: whether elicit_json_parse() would accept @data (and so whether it
 *   may be given to JsonParser; lone surrogate escapes, which this makes
 *   U+FFFD, json-glib reads its own way)
 *
 * Since: 1.0
 */
gboolean
elicit_json_check (const char  *data,
                   gssize       length,
                   guint        max_depth,
                   GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return scan_text (data, length, max_depth, NULL, NULL, error);
}

/**
 * elicit_json_parse:
 * @data: the text
 * @length: its length in bytes, or -1 when @data ends with a NUL
 * @max_depth: as for elicit_json_check()
 * @error: where to report why @data is refused
 *
 * Parses untrusted JSON safely: what elicit_json_check() accepts, with the
 * same errors for the rest, into the very tree JsonParser would build from
 * it (integers as int64, numbers with a fraction or an exponent as doubles,
 * members in their order, parents set), without JsonParser. Errors are in
 * %ELICIT_JSON_ERROR, with messages a user can read.
 *
 * Returns: (transfer full) (nullable): the root node, or %NULL on error
 *
 * Since: 1.0
 */
JsonNode *
elicit_json_parse (const char  *data,
                   gssize       length,
                   guint        max_depth,
                   GError     **error)
{
  JsonNode *root = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scan_text (data, length, max_depth, &root, NULL, error);
  return root;
}

/* The index: members by name, without building -------------------------------- */

/*
 * elicit_json_check_indexed:
 *
 * elicit_json_check(), with the same verdict and errors, that also records in
 * @index where the members of the root object and of the objects directly
 * inside it are in @data, so a caller can read a few of them without
 * building the tree. Allocates nothing per member.
 */
gboolean
elicit_json_check_indexed (const char       *data,
                           gssize            length,
                           guint             max_depth,
                           ElicitJsonIndex  *index,
                           GError          **error)
{
  g_assert (index != NULL);

  return scan_text (data, length, max_depth, NULL, index, error);
}

/* Whether @member's name, which has an escape, decodes to @name. */
gboolean
elicit_json_member_is_escaped (const ElicitJsonMember *member,
                               const char             *name)
{
  NameIter it = { (const guchar *) member->name, { 0 }, 0, 0 };
  int c;

  for (; (c = name_iter_next (&it)) >= 0; name++)
    if (*name == '\0' || (guchar) *name != c)
      return FALSE;

  return *name == '\0';
}

/*
 * When @member's value is a string with no escape in it, points @out at its
 * first byte and returns its length: the text between the quotes is then the
 * string exactly. Returns -1 for anything else.
 */
gssize
elicit_json_member_plain_string (const ElicitJsonMember  *member,
                                 const char             **out)
{
  gsize len = (gsize) (member->value_end - member->value);

  if (member->value[0] != '"' || (!member->plain && memchr (member->value, '\\', len) != NULL))
    return -1;

  *out = member->value + 1;
  return (gssize) len - 2;
}

/* @member's value as its own tree; the text was checked already. */
JsonNode *
elicit_json_member_build (const ElicitJsonMember *member)
{
  const char *text;
  gssize len = elicit_json_member_plain_string (member, &text);
  JsonNode *node;

  /* A log message's data is mostly a plain string: no second pass. */
  if (len >= 0 && len < 256)
    {
      char buf[256];

      memcpy (buf, text, len);
      buf[len] = '\0';
      return json_node_init_string (json_node_alloc (), buf);
    }

  node = elicit_json_parse (member->value, member->value_end - member->value,
                            ELICIT_JSON_MAX_DEPTH_LIMIT, NULL);
  g_assert (node != NULL);
  return node;
}
