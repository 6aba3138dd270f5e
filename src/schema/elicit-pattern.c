/* elicit-pattern.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "elicit-pattern-private.h"

/*
 * A server chooses its patterns, and a pattern such as `^(a+)+$` backtracks
 * exponentially. GRegex offers no way to bound a match, so the pattern is
 * compiled by PCRE2 directly, with limits small enough that one match costs
 * about a millisecond however hostile the pattern and the text are.
 */
#define MATCH_LIMIT  100000
#define DEPTH_LIMIT  1000
#define HEAP_LIMIT_KIB 1024

struct _ElicitPattern
{
  gatomicrefcount      ref_count;
  pcre2_code          *code;
  pcre2_match_context *context;
};

/*
 * JSON Schema patterns are ECMAScript regular expressions; PCRE spells
 * "\u0041" as "\x{0041}" and would refuse the former.
 */
static char *
ecma_to_pcre (const char *pattern)
{
  GString *out = g_string_sized_new (strlen (pattern) + 8);

  for (const char *p = pattern; *p != '\0'; p++)
    {
      if (p[0] != '\\' || p[1] == '\0')
        {
          g_string_append_c (out, *p);
          continue;
        }

      if (p[1] == 'u' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]) &&
          g_ascii_isxdigit (p[4]) && g_ascii_isxdigit (p[5]))
        {
          g_string_append_printf (out, "\\x{%.4s}", p + 2);
          p += 5;
          continue;
        }

      g_string_append_len (out, p, 2);
      p++;
    }

  return g_string_free (out, FALSE);
}

static char *
error_text (int code)
{
  PCRE2_UCHAR buffer[256];

  if (pcre2_get_error_message (code, buffer, sizeof buffer) < 0)
    return g_strdup_printf ("error %d", code);

  return g_strdup ((const char *) buffer);
}

static pcre2_match_context *
new_match_context (void)
{
  pcre2_match_context *context = pcre2_match_context_create (NULL);

  pcre2_set_match_limit (context, MATCH_LIMIT);
  pcre2_set_depth_limit (context, DEPTH_LIMIT);
  pcre2_set_heap_limit (context, HEAP_LIMIT_KIB);

  return context;
}

/*
 * elicit_pattern_new:
 * @ecma_pattern: a JSON Schema `pattern`
 * @error: where the reason the pattern does not compile goes
 *
 * Returns: (transfer full) (nullable): the compiled pattern
 */
ElicitPattern *
elicit_pattern_new (const char  *ecma_pattern,
                    GError     **error)
{
  g_autofree char *translated = ecma_to_pcre (ecma_pattern);
  ElicitPattern *self;
  PCRE2_SIZE offset;
  pcre2_code *code;
  int code_error;

  /* The options GRegex used, so patterns mean what they meant before. */
  code = pcre2_compile ((PCRE2_SPTR) translated, PCRE2_ZERO_TERMINATED,
                        PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY,
                        &code_error, &offset, NULL);
  if (code == NULL)
    {
      g_autofree char *reason = error_text (code_error);

      g_set_error (error, G_REGEX_ERROR, G_REGEX_ERROR_COMPILE, "%s at character %u",
                   reason, (guint) offset);
      return NULL;
    }

  /* JIT is only faster; where it is missing, the interpreter has the same limits. */
  pcre2_jit_compile (code, PCRE2_JIT_COMPLETE);

  self = g_new0 (ElicitPattern, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->code = code;
  self->context = new_match_context ();

  return self;
}

ElicitPattern *
elicit_pattern_ref (ElicitPattern *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
elicit_pattern_unref (ElicitPattern *self)
{
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  pcre2_match_context_free (self->context);
  pcre2_code_free (self->code);
  g_free (self);
}

/*
 * elicit_pattern_match:
 * @self: a pattern
 * @text: valid UTF-8
 *
 * Matches @text anywhere, as JSON Schema's `pattern` does, at bounded cost.
 *
 * Returns: whether it matched, or that finding out cost too much
 */
ElicitPatternResult
elicit_pattern_match (ElicitPattern *self,
                      const char    *text)
{
  pcre2_match_data *data = pcre2_match_data_create_from_pattern (self->code, NULL);
  int rc;

  rc = pcre2_match (self->code, (PCRE2_SPTR) text, strlen (text), 0, 0, data, self->context);
  pcre2_match_data_free (data);

  if (rc >= 0)
    return ELICIT_PATTERN_MATCH;
  if (rc == PCRE2_ERROR_NOMATCH)
    return ELICIT_PATTERN_NO_MATCH;

  /* The match, depth, heap or JIT stack limit, or anything else that leaves the answer open. */
  g_debug ("Pattern not decided: PCRE2 error %d", rc);
  return ELICIT_PATTERN_TOO_COSTLY;
}
