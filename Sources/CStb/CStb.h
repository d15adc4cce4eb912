#pragma once
// The parts of Sean Barrett's stb libraries that Sealed calls, as Debian's libstb-dev ships them:
// headers in /usr/include/stb, the implementations compiled into libstb.
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#include <stb/stb_image_resize.h>
