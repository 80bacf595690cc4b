namespace App
{
    public class Child : Base
    {
        void Run()
        {
            Log("run");
        }
    }
}
