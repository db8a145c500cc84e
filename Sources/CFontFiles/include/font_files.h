#ifndef KIOSK_FONT_FILES_H
#define KIOSK_FONT_FILES_H

/* font_files.c defines two functions that FreeType's and HarfBuzz's own headers declare:
 * FT_New_Face and hb_blob_create_from_file. It adds nothing else. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>

#endif
