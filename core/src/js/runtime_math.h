/* The runtime's own mathematical constants (spine-core's MathUtils), as the doubles it computes them:
 * its pi is the float-ish literal 3.1415927, not Math.PI, so degrees-to-radians is 3.1415927 / 180. */
#ifndef POSECORE_RUNTIME_MATH_H
#define POSECORE_RUNTIME_MATH_H

#define PC_PI 3.1415927
#define PC_DEG_RAD (PC_PI / 180.0)
#define PC_RAD_DEG (180.0 / PC_PI)
#define PC_EPSILON 0.00001
#define PC_EPSILON2 (PC_EPSILON * PC_EPSILON)

#endif
